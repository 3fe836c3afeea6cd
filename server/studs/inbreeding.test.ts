import { describe, expect, it } from 'vitest';
import { testMatingInbreeding, type Parents } from './inbreeding';

/** A pedigree from `child: [sire, dam]` lines. */
const pedigree = (lines: Record<string, [string | null, string | null]>) =>
  new Map<string, Parents>(Object.entries(lines).map(([id, [sire, dam]]) => [id, { sire, dam }]));

const percent = (value: number) => Math.round(value * 1e6) / 1e4;

describe("Wright's coefficient of a test mating (textbook cases)", () => {
  it('is 0 for unrelated parents', () => {
    const p = pedigree({ S: ['A', 'B'], D: ['C', 'E'] });
    expect(testMatingInbreeding('S', 'D', p, 6)).toEqual({ coefficient: 0, contributions: [] });
  });

  it('is 12.5 % for half-siblings, all from their common parent', () => {
    const p = pedigree({ S: ['A', 'X'], D: ['A', 'Y'] });
    const result = testMatingInbreeding('S', 'D', p, 6);
    expect(percent(result.coefficient)).toBe(12.5);
    expect(result.contributions).toEqual([{ id: 'A', coefficient: 0.125 }]);
  });

  it('is 25 % for full siblings, 12.5 % from each parent', () => {
    const p = pedigree({ S: ['A', 'B'], D: ['A', 'B'] });
    const result = testMatingInbreeding('S', 'D', p, 6);
    expect(percent(result.coefficient)).toBe(25);
    expect(result.contributions.map((c) => [c.id, percent(c.coefficient)])).toEqual([
      ['A', 12.5],
      ['B', 12.5],
    ]);
  });

  it('is 25 % for a sire mated to his daughter', () => {
    const p = pedigree({ D: ['S', 'M'] });
    expect(percent(testMatingInbreeding('S', 'D', p, 6).coefficient)).toBe(25);
  });

  it('is 6.25 % for first cousins', () => {
    const p = pedigree({
      S: ['F1', 'M1'],
      D: ['F2', 'M2'],
      F1: ['G', 'H'],
      F2: ['G', 'H'],
    });
    expect(percent(testMatingInbreeding('S', 'D', p, 6).coefficient)).toBe(6.25);
  });

  it("weighs a common ancestor's own inbreeding: half-siblings by a 25 % inbred sire give 15.625 %", () => {
    // A is the foal of full siblings (F = 25 %), and sires both parents.
    const p = pedigree({
      S: ['A', 'X'],
      D: ['A', 'Y'],
      A: ['P', 'Q'],
      P: ['G1', 'G2'],
      Q: ['G1', 'G2'],
    });
    expect(percent(testMatingInbreeding('S', 'D', p, 6).coefficient)).toBe(15.625);
  });

  it('counts only common ancestors within the given generations', () => {
    // The cousins' common grandparents are the foal's third generation.
    const p = pedigree({ S: ['F1', 'M1'], D: ['F2', 'M2'], F1: ['G', 'H'], F2: ['G', 'H'] });
    expect(testMatingInbreeding('S', 'D', p, 2).coefficient).toBe(0);
    expect(percent(testMatingInbreeding('S', 'D', p, 3).coefficient)).toBe(6.25);
  });

  it('counts each pair of paths that meet only in the ancestor (a double cross)', () => {
    // A appears twice on the sire's side and once on the dam's: two path pairs.
    const p = pedigree({ S: ['A', 'M'], M: ['A', 'Z'], D: ['A', 'W'] });
    // S→A (1) with D→A (1): (½)^3; S→M→A (2) with D→A (1): (½)^4.
    expect(percent(testMatingInbreeding('S', 'D', p, 6).coefficient)).toBe(18.75);
  });
});
