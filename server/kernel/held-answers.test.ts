import { describe, expect, it } from 'vitest';
import { heldAnswers } from './held-answers';

describe('heldAnswers', () => {
  it('answers what it holds for the same version and builds again for another', async () => {
    const held = heldAnswers<string>(8);
    let builds = 0;
    const build = (version: string) => async () => ({ answer: `built ${++builds}`, version });

    expect(await held.answer('week', '1', build('1'))).toBe('built 1');
    expect(await held.answer('week', '1', build('1'))).toBe('built 1');
    expect(await held.answer('week', '2', build('2'))).toBe('built 2');
    expect(await held.answer('week', '2', build('2'))).toBe('built 2');
    expect(builds).toBe(2);
  });

  it('holds an answer under the version its build read, not the one asked for', async () => {
    const held = heldAnswers<string>(8);
    await held.answer('week', '1', async () => ({ answer: 'newer', version: '2' }));
    expect(held.any('week')).toEqual({ version: '2', answer: 'newer' });
    let built = false;
    expect(
      await held.answer('week', '2', async () => {
        built = true;
        return { answer: 'again', version: '2' };
      }),
    ).toBe('newer');
    expect(built).toBe(false);
  });

  it('shares one build among the requests that miss the same key and version together', async () => {
    const held = heldAnswers<string>(8);
    let builds = 0;
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const build = async () => {
      builds++;
      await gate;
      return { answer: 'report', version: '7' };
    };
    const waiting = Array.from({ length: 32 }, () => held.answer('month', '7', build));
    const other = held.answer('month', '8', async () => ({ answer: 'other', version: '8' }));
    finish();
    expect(await Promise.all(waiting)).toEqual(Array(32).fill('report'));
    expect(await other).toBe('other');
    expect(builds).toBe(1);
  });

  it('does not hold a failed build, and the next request builds again', async () => {
    const held = heldAnswers<string>(8);
    await expect(
      held.answer('month', '1', async () => {
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect(await held.answer('month', '1', async () => ({ answer: 'ok', version: '1' }))).toBe(
      'ok',
    );
  });

  it('drops the least recently used answer past its size', async () => {
    const held = heldAnswers<string>(2);
    const build = (answer: string) => async () => ({ answer, version: '1' });
    await held.answer('a', '1', build('a'));
    await held.answer('b', '1', build('b'));
    await held.answer('a', '1', build('a again'));
    await held.answer('c', '1', build('c'));
    expect(held.any('a')?.answer).toBe('a');
    expect(held.any('b')).toBeUndefined();
    expect(held.any('c')?.answer).toBe('c');
  });
});
