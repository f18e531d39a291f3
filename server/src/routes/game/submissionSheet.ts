/** Every submission of a game as an xlsx workbook (G13, contract §8.2). */
import ExcelJS from 'exceljs';
import contentDisposition from 'content-disposition';
import { listSubmissionViews, type AnswerResult } from '../../db/repositories/submissions.js';
import type { Handlers } from '../../http/handlers.js';
import { requireStartedGame } from './context.js';

const STATUS_TEXT: Record<AnswerResult, string> = {
  FlagSubmitted: 'Successfully submitted',
  Accepted: 'ACCEPTED',
  WrongAnswer: 'WRONG',
  CheatDetected: 'Cheat detection',
  NotFound: 'Unknown instance',
};

const HEADERS = ['Status', 'Time', 'Team', 'User', 'Challenge', 'Submission', 'Email'];
/** In an individual game (issue 25) the team is the player's personal entry: "Player". */
const INDIVIDUAL_HEADERS = HEADERS.map((header) => (header === 'Team' ? 'Player' : header));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-MM-dd HH:mm:ssZ` in UTC. */
export function sheetTime(time: number): string {
  const d = new Date(time);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}Z`
  );
}

/** `yyyyMMddHHmmss` in UTC. */
const fileStamp = (time: number) => sheetTime(time).replace(/[-: Z]/g, '');

export const gameSheetHandlers: Handlers = {
  async gameGetSubmissionSheet(request, reply) {
    const game = await requireStartedGame(request, request.params.id);
    const submissions = await listSubmissionViews(request.server.db, game.id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('All Submissions');
    sheet.addRow(game.playMode === 'Individual' ? INDIVIDUAL_HEADERS : HEADERS).font = {
      bold: true,
    };
    for (const s of submissions) {
      sheet.addRow([
        STATUS_TEXT[s.status],
        sheetTime(s.time),
        s.teamName,
        s.userName,
        s.challengeTitle,
        s.answer,
        s.email ?? '',
      ]);
    }
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const name = `${game.title}_Submissions_${fileStamp(Date.now())}.xlsx`;
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(name))
      .send(data);
  },
};
