/** The scoreboard of a game as an xlsx workbook (GET /api/game/{id}/scoreboardsheet). */
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import {
  listAcceptedMembers,
  listAcceptedTeams,
  type ScoreboardGame,
} from '../../db/repositories/scoreboardData.js';
import type { DB } from '../../db/schema.js';
import type { ScoreboardModel } from '../../domain/scoring/types.js';
import { awardRows, sheetRows, type SheetCell, type SheetTeam } from './sheetRows.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SHEET_NAME = 'Scoreboard';
export const AWARDS_SHEET_NAME = 'Awards';

/** Captain and registered members of every accepted team, by team id. */
export async function loadSheetTeams(
  db: Kysely<DB>,
  gameId: number,
): Promise<Map<number, SheetTeam>> {
  const [teams, members] = await Promise.all([
    listAcceptedTeams(db, gameId),
    listAcceptedMembers(db, gameId),
  ]);
  const byParticipation = new Map<number, SheetTeam>();
  const byTeam = new Map<number, SheetTeam>();
  for (const team of teams) {
    const entry: SheetTeam = { captainName: team.captainName, members: [] };
    byParticipation.set(team.participationId, entry);
    byTeam.set(team.teamId, entry);
  }
  for (const member of members) byParticipation.get(member.participationId)?.members.push(member);
  return byTeam;
}

export async function scoreboardWorkbook(
  db: Kysely<DB>,
  game: ScoreboardGame,
  board: ScoreboardModel,
): Promise<Buffer> {
  const rows = sheetRows({
    board,
    hasDivisions: game.divisions.length > 0,
    individual: game.playMode === 'Individual',
    teams: await loadSheetTeams(db, game.id),
  });
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Vexil';
  addSheet(workbook, SHEET_NAME, rows);
  const awards = awardRows(board, game.playMode === 'Individual');
  if (awards) addSheet(workbook, AWARDS_SHEET_NAME, awards);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addSheet(workbook: ExcelJS.Workbook, name: string, rows: SheetCell[][]): void {
  const sheet = workbook.addWorksheet(name);
  sheet.addRows(rows);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column, index) => {
    const widest = Math.max(...rows.map((row) => String(row[index] ?? '').length));
    column.width = Math.min(60, Math.max(8, widest + 2));
  });
}
