// What an organiser does through the API in the scenarios: edit a game, add and enable a challenge
// with its flags, review registrations; and reading the sheets monitors download.
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Caller } from '../support/app.js';
import type { PlannedChallenge } from './expectedBoard.js';

/** Changes some settings of the game (the edit replaces them all: read, change, send back). */
export async function editGame(admin: Caller, gameId: number, change: Record<string, unknown>) {
  const current = await admin({ method: 'GET', url: `/api/edit/games/${gameId}` });
  const response = await admin({
    method: 'PUT',
    url: `/api/edit/games/${gameId}`,
    payload: { ...(current.json() as Record<string, unknown>), ...change },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { end: number };
}

/** Creates a challenge, adds its flags, applies the settings and enables it. */
export async function addChallenge(
  admin: Caller,
  gameId: number,
  body: { title: string; category: string; type: string },
  settings: Record<string, unknown>,
  flags: Record<string, unknown>[],
): Promise<PlannedChallenge> {
  const base = `/api/edit/games/${gameId}/challenges`;
  const created = await admin({ method: 'POST', url: base, payload: body });
  expect(created.statusCode, created.body).toBe(200);
  const id = (created.json() as { id: number }).id;
  if (flags.length > 0) {
    const added = await admin({ method: 'POST', url: `${base}/${id}/flags`, payload: flags });
    expect(added.statusCode, added.body).toBe(200);
  }
  const updated = await admin({
    method: 'PUT',
    url: `${base}/${id}`,
    payload: { ...settings, isEnabled: true },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  const model = updated.json() as PlannedChallenge & { isEnabled: boolean };
  expect(model.isEnabled).toBe(true);
  const { originalScore, minScoreRate, difficulty } = model;
  return {
    id,
    title: body.title,
    category: body.category,
    originalScore,
    minScoreRate,
    difficulty,
  };
}

/** The team's registration as admins list it. */
export async function participationOf(admin: Caller, gameId: number, teamId: number) {
  const response = await admin({ method: 'GET', url: `/api/game/${gameId}/participations` });
  const rows = response.json() as { id: number; team: { id: number }; status: string }[];
  return rows.find((p) => p.team.id === teamId)!;
}

export async function review(admin: Caller, participationId: number, status: string) {
  const response = await admin({
    method: 'PUT',
    url: `/api/admin/participation/${participationId}`,
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The cell values of every row of the named worksheet. */
export async function readWorkbook(payload: Buffer, sheetName: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(sheetName);
  expect(sheet, `worksheet ${sheetName}`).toBeDefined();
  const rows: unknown[][] = [];
  sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** `yyyy-MM-dd HH:mm:ssZ` in UTC, as the sheets write times. */
export const sheetTime = (time: number) => {
  const iso = new Date(time).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}Z`;
};
