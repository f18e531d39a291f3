/**
 * React keys for rows without ids (events, submissions): made from their content, numbered by
 * occurrence, so a row keeps its key when newer rows are pushed above it.
 */
export function zipKeys<T>(rows: readonly T[]): [string, T][] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const content = JSON.stringify(row);
    const occurrence = seen.get(content) ?? 0;
    seen.set(content, occurrence + 1);
    return [`${content}#${occurrence}`, row];
  });
}
