import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BLOOD_BONUS,
  packBloodBonus,
  parseBloodBonus,
  roundHalfEven,
  solvePoints,
} from '#server/domain/scoring/bloodBonus.js';

const defaults = parseBloodBonus(DEFAULT_BLOOD_BONUS);
const bloods = (score: number, value = DEFAULT_BLOOD_BONUS) =>
  [0, 1, 2].map((k) => solvePoints(score, parseBloodBonus(value), k));

describe('blood bonus packing', () => {
  it('packs three per-mille fields, the default being (50, 30, 10)', () => {
    expect(packBloodBonus(50, 30, 10)).toBe(52_459_530);
    expect(DEFAULT_BLOOD_BONUS).toBe(52_459_530);
    expect(packBloodBonus(300, 150, 50)).toBe(314_726_450);
    expect(packBloodBonus(1000, 500, 250)).toBe(1_049_088_250);
    expect(defaults.perMille).toEqual([50, 30, 10]);
    expect(parseBloodBonus(314_726_450).perMille).toEqual([300, 150, 50]);
    expect(parseBloodBonus(1_049_088_250)).toEqual({
      value: 1_049_088_250,
      perMille: [1000, 500, 250],
    });
  });

  it('keeps 0 as "no bonus"', () => {
    expect(parseBloodBonus(0)).toEqual({ value: 0, perMille: [0, 0, 0] });
    expect(bloods(1000, 0)).toEqual([1000, 1000, 1000]);
  });

  it('falls back to the default when a field is above 1000 or the value is out of range', () => {
    for (const invalid of [
      packBloodBonus(1001, 0, 0),
      packBloodBonus(0, 1023, 0),
      packBloodBonus(0, 0, 1001),
      -1,
      2 ** 30,
      2 ** 40,
      1.5,
      Number.NaN,
    ]) {
      expect(parseBloodBonus(invalid), String(invalid)).toEqual(defaults);
    }
    expect(parseBloodBonus(packBloodBonus(1000, 1000, 1000)).perMille).toEqual([1000, 1000, 1000]);
  });
});

describe('blood points', () => {
  it('rounds half to even', () => {
    expect([0.5, 1.5, 2.5, 3.5, 2.4999, 2.5001, 7].map(roundHalfEven)).toEqual([
      0, 2, 2, 4, 2, 3, 7,
    ]);
  });

  it('multiplies in single precision like the reference', () => {
    expect(bloods(1000)).toEqual([1050, 1030, 1010]);
    expect(bloods(500)).toEqual([525, 515, 505]);
    expect(bloods(752)).toEqual([790, 775, 760]);
    expect(bloods(963)).toEqual([1011, 992, 973]);
    expect(solvePoints(250, defaults, 0)).toBe(262);
    expect(solvePoints(750, defaults, 0)).toBe(787);
    expect(solvePoints(750, defaults, 2)).toBe(758);
    expect(solvePoints(50, defaults, 1)).toBe(52);
    expect(solvePoints(10, defaults, 0)).toBe(10);
  });

  it('differs from naive rounding in exactly 149 cases of 1..3000 with the defaults', () => {
    let differences = 0;
    for (let score = 1; score <= 3000; score++) {
      for (const [k, b] of [50, 30, 10].entries()) {
        if (solvePoints(score, defaults, k) !== Math.round(score * (1 + b / 1000))) differences++;
      }
    }
    expect(differences).toBe(149);
  });

  it('applies larger bonuses', () => {
    expect(bloods(500, 314_726_450)).toEqual([650, 575, 525]);
    expect(bloods(2000, 314_726_450)).toEqual([2600, 2300, 2100]);
    expect(bloods(1500, 1_049_088_250)).toEqual([3000, 2250, 1875]);
  });

  it('gives the plain score to a normal solve', () => {
    expect(solvePoints(777, defaults, null)).toBe(777);
    expect(solvePoints(777, defaults, 3)).toBe(777);
  });
});
