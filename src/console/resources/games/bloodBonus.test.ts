import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BLOOD_BONUS,
  packBloodBonus,
  percentToPerMille,
  perMilleToPercent,
  unpackBloodBonus,
} from './bloodBonus';

describe('blood bonus packing (behaviour.md §1.3)', () => {
  it('packs the reference values', () => {
    expect(packBloodBonus([50, 30, 10])).toBe(52_459_530);
    expect(packBloodBonus([300, 150, 50])).toBe(314_726_450);
    expect(packBloodBonus([1000, 500, 250])).toBe(1_049_088_250);
    expect(packBloodBonus([0, 0, 0])).toBe(0);
  });

  it('unpacks what it packs', () => {
    for (const bonus of [
      [50, 30, 10],
      [1000, 1000, 1000],
      [0, 0, 1],
      [999, 0, 500],
    ] as const) {
      expect(unpackBloodBonus(packBloodBonus([...bonus]))).toEqual(bonus);
    }
  });

  it('uses the default from the spec', () => {
    expect(DEFAULT_BLOOD_BONUS).toBe(52_459_530);
    expect(unpackBloodBonus(DEFAULT_BLOOD_BONUS)).toEqual([50, 30, 10]);
  });

  it('reads a field above 1000 as the server does: the default', () => {
    expect(unpackBloodBonus(1001)).toEqual([50, 30, 10]);
    expect(unpackBloodBonus(1023 * 2 ** 20)).toEqual([50, 30, 10]);
  });

  it('clamps and rounds what it packs', () => {
    expect(packBloodBonus([1500, -3, 10.4])).toBe(packBloodBonus([1000, 0, 10]));
    expect(packBloodBonus([Number.NaN, 0, 0])).toBe(0);
  });

  it('converts between per-mille and the percentages of the form', () => {
    expect(perMilleToPercent(50)).toBe(5);
    expect(perMilleToPercent(5)).toBe(0.5);
    expect(percentToPerMille(5)).toBe(50);
    expect(percentToPerMille(1.25)).toBe(13);
    expect(percentToPerMille(250)).toBe(1000);
  });
});
