/**
 * Trying an answer against a challenge's flags before saving them (issue 25, Vexil addition):
 * the stored flags, or the unsaved ones the console sends, each judged as the checker would,
 * with the reason a pattern cannot be used. Nothing is recorded.
 */
import { listFlags } from '../../db/repositories/flags.js';
import { judgeFlag } from '../../domain/flagMatch.js';
import type { Handlers } from '../../http/handlers.js';
import { requireChallenge } from './lookup.js';

export const editFlagTryHandlers: Handlers = {
  async editTryFlags(request) {
    const { id: gameId, cId } = request.params;
    const { challenge } = await requireChallenge(request, gameId, cId);
    // Trimmed as the submit route trims a submission.
    const answer = request.body.answer.trim();
    const candidates = request.body.flags
      ? request.body.flags.map((f) => ({
          id: null,
          flag: f.flag,
          matchMode: f.matchMode ?? 'Exact',
        }))
      : challenge.type === 'DynamicContainer'
        ? []
        : (await listFlags(request.server.db, challenge.id)).map((f) => ({
            id: f.id,
            flag: f.flag,
            matchMode: f.matchMode,
          }));
    const flags = candidates.map((candidate) => ({
      ...candidate,
      ...judgeFlag(candidate, answer),
    }));
    return { answer, accepted: flags.some((f) => f.matches), flags };
  },
};
