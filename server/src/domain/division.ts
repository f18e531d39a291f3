/**
 * Division rules of a registration (contract G4, admin review). Pure.
 *
 * With divisions configured, a division must be one of them (exact match, not blank); without, it
 * must be null or absent (an empty string is refused).
 */
export function isValidDivision(
  divisions: readonly string[] | null,
  division: string | null | undefined,
): boolean {
  if (divisions && divisions.length > 0) {
    return typeof division === 'string' && division.trim() !== '' && divisions.includes(division);
  }
  return division === null || division === undefined;
}

/**
 * The division a registration keeps after a member joins. Vexil differs from the reference: a
 * late joiner does not move an `Accepted` or `Suspended` registration to another division.
 */
export function divisionAfterJoin(
  status: string,
  current: string | null,
  requested: string | null,
): string | null {
  return status === 'Accepted' || status === 'Suspended' ? current : requested;
}
