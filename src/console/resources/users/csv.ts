/**
 * Parses pasted user rows for the batch creation: one user per line, cells separated by commas
 * (or tabs, as spreadsheets paste them; decided per line), optionally quoted with "…" ("" inside quotes is a quote).
 * Column order: user name, email, password, real name, student number, phone, team name. A first
 * line naming the columns is skipped; blank lines are ignored.
 */
export const CSV_COLUMNS = [
  'userName',
  'email',
  'password',
  'realName',
  'stdNumber',
  'phone',
  'teamName',
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CsvRow = Record<CsvColumn, string>;

function splitLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

const isHeader = (cells: string[]) => /^user[ _]?name$/i.test(cells[0] ?? '');

export function parseUserRows(text: string): CsvRow[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const rows = lines.map((line) => splitLine(line, line.includes('\t') ? '\t' : ','));
  if (rows.length > 0 && isHeader(rows[0])) rows.shift();
  return rows.map(
    (cells) =>
      Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, cells[i] ?? ''])) as CsvRow,
  );
}

export const emptyRow = (): CsvRow =>
  Object.fromEntries(CSV_COLUMNS.map((column) => [column, ''])) as CsvRow;
