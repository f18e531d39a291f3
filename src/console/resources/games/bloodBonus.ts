/**
 * The game's blood bonus (behaviour.md §1.3): three per-mille bonuses b ∈ [0, 1000] for the first,
 * second and third solve of a challenge, packed in one integer as b1·2^20 + b2·2^10 + b3.
 * 0 means "no bonus at all".
 */
import { models } from '@/api/formMeta.gen';

/** Bits of one field. */
const FIELD_BITS = 10;
const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** The largest bonus a field may hold, in per-mille (a larger one makes the server use the default). */
export const MAX_BONUS_PER_MILLE = 1000;

/** First, second and third blood, in per-mille. */
export type BloodBonus = [first: number, second: number, third: number];

/** The spec's default packed value (50‰, 30‰, 10‰). */
export const DEFAULT_BLOOD_BONUS = models.GameInfoEditModel.fields.bloodBonus.default;

const clampField = (perMille: number) =>
  Math.min(MAX_BONUS_PER_MILLE, Math.max(0, Math.round(Number.isFinite(perMille) ? perMille : 0)));

export function packBloodBonus([first, second, third]: BloodBonus): number {
  return (
    clampField(first) * 2 ** (2 * FIELD_BITS) +
    clampField(second) * 2 ** FIELD_BITS +
    clampField(third)
  );
}

export function unpackBloodBonus(value: number): BloodBonus {
  const packed = Math.max(0, Math.trunc(Number.isFinite(value) ? value : 0));
  const fields: BloodBonus = [
    Math.floor(packed / 2 ** (2 * FIELD_BITS)) & FIELD_MASK,
    Math.floor(packed / 2 ** FIELD_BITS) & FIELD_MASK,
    packed & FIELD_MASK,
  ];
  // As the server reads it: a field above 1000 stands for the default.
  return fields.some((field) => field > MAX_BONUS_PER_MILLE)
    ? unpackBloodBonus(DEFAULT_BLOOD_BONUS)
    : fields;
}

/** Per-mille → the percentage shown in the form (one decimal). */
export const perMilleToPercent = (perMille: number) => perMille / 10;

/** A percentage typed in the form → per-mille (rounded to a whole ‰). */
export const percentToPerMille = (percent: number) => clampField(percent * 10);
