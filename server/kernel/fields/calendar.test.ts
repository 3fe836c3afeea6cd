import { differenceInYears, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { addDaysTo, ageOn, datesFrom } from './calendar';

describe('ageOn', () => {
  it('counts whole years as date-fns differenceInYears does', () => {
    const dates = [
      '2000-02-29',
      '2001-02-28',
      '2001-03-01',
      '2004-02-29',
      '2010-01-01',
      '2010-12-31',
      '2012-06-15',
      '2016-02-29',
      '2017-02-28',
      '2020-02-29',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2026-06-14',
      '2026-06-15',
      '2026-06-16',
      '2030-01-01',
    ];
    for (const birth of dates) {
      for (const on of dates) {
        expect(ageOn(birth, on), `${birth} on ${on}`).toBe(
          differenceInYears(parseISO(on), parseISO(birth)),
        );
      }
    }
  });

  it('is null without a birth date', () => {
    expect(ageOn(null, '2026-01-01')).toBeNull();
  });
});
describe('addDaysTo and datesFrom', () => {
  it('count calendar days across months, years and leap days, whatever the clock zone', () => {
    expect(addDaysTo('2026-11-26', -90)).toBe('2026-08-28');
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2028-03-01', -1)).toBe('2028-02-29');
    expect(datesFrom('2026-12-30', 3)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });
});
