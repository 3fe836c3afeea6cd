import { initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rawJson, RawJson, stringifyAnswer, withRawParsed } from './raw-json';
import { applyOutputPolicy } from './trpc/outputs';

const text = '[{"id" : "a", "n" : 1, "s" : "x\\"y"}, \n {"id" : "b", "n" : 2.50, "s" : null}]';

describe('RawJson (issue 27)', () => {
  it('is spliced into the REST answer as is, anywhere in it', () => {
    const answer = { data: { week: '2026-W47', days: rawJson(text), after: [rawJson('{}'), 3] } };
    expect(stringifyAnswer(answer)).toBe(
      `{"data":{"week":"2026-W47","days":${text},"after":[{},3]}}`,
    );
    expect(stringifyAnswer(rawJson('null'))).toBe('null');
  });

  it('serializes as its parsed value everywhere else (tRPC)', () => {
    const answer = { data: { days: rawJson(text) } };
    expect(JSON.parse(JSON.stringify(answer))).toEqual({ data: { days: JSON.parse(text) } });
    expect(JSON.parse(stringifyAnswer(answer) as string)).toEqual(
      JSON.parse(JSON.stringify(answer)),
    );
  });

  it('splices UTF-8 bytes from the driver in as bytes, and parses them elsewhere', () => {
    const bytes = Buffer.from('[{"name" : "Begoña"}]');
    const answer = { data: { week: '2026-W48', days: rawJson(bytes) } };
    const written = stringifyAnswer(answer);
    expect(Array.isArray(written)).toBe(true);
    expect(Buffer.concat(written as Buffer[]).toString()).toBe(
      '{"data":{"week":"2026-W48","days":[{"name" : "Begoña"}]}}',
    );
    expect(JSON.parse(JSON.stringify(answer))).toEqual({
      data: { week: '2026-W48', days: [{ name: 'Begoña' }] },
    });
  });

  it('leaves answers without raw text as JSON.stringify writes them', () => {
    const answer = {
      data: [{ id: 1, at: new Date(0), note: '\u0000raw-json:x:0' }],
      none: undefined,
    };
    expect(stringifyAnswer(answer)).toBe(JSON.stringify(answer));
    expect(stringifyAnswer(undefined)).toBeUndefined();
  });

  it('is parsed for the output check, the value left alone when it holds none', () => {
    const plain = { data: [{ id: 1 }] };
    expect(withRawParsed(plain)).toBe(plain);
    const parsed = withRawParsed({ data: { days: rawJson(text), week: 'w' } });
    expect(parsed).toEqual({ data: { days: JSON.parse(text), week: 'w' } });
    expect(JSON.stringify(parsed)).not.toContain('raw-json');
    expect(rawJson('[]')).toBeInstanceOf(RawJson);
  });
});

describe('the output check of development and tests on raw JSON', () => {
  const t = initTRPC.create();
  const days = z.object({ days: z.array(z.object({ n: z.number() })) });
  const answering = (text: string) =>
    t.procedure.output(days).query(() => ({ days: rawJson<{ n: number }[]>(text) }));
  const caller = t.createCallerFactory(
    applyOutputPolicy(
      t.router({
        good: answering('[{"n" : 1}]'),
        wrongType: answering('[{"n" : "1"}]'),
        extraKey: answering('[{"n" : 1, "m" : 2}]'),
      }),
      false,
    ),
  )({});

  it('parses the text and runs the output schema on it', async () => {
    expect(JSON.parse(stringifyAnswer(await caller.good()) as string)).toEqual({
      days: [{ n: 1 }],
    });
    await expect(caller.wrongType()).rejects.toThrow('Output validation failed');
    await expect(caller.extraKey()).rejects.toThrow('is not exactly its output schema');
  });
});
