import { findGame } from '../../db/repositories/games.js';
import { findParticipationById } from '../../db/repositories/participations.js';
import { isValidDivision } from '../../domain/division.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { reviewParticipation } from '../../services/playParticipation.js';
import { publishRegistrationChange } from '../../services/registrationChanges.js';
import { logAdminAction } from './adminLog.js';

/** Participation review (/api/admin/participation/{id}). */
export const adminParticipationHandlers: Handlers = {
  async adminUpdateParticipation(request) {
    const { db } = request.server;
    const participation = await findParticipationById(db, request.params.id);
    const game = participation && (await findGame(db, participation.gameId));
    if (!participation || !game) throw notFound('Participation not found');
    const { status, division } = request.body;
    if (status === 'Unsubmitted') throw badRequest('Invalid participation status');
    const change = {
      status: status ?? undefined,
      // A division that is not valid for the game is ignored.
      division:
        division !== undefined && isValidDivision(game.divisions, division) ? division : undefined,
    };
    await reviewParticipation(request.server, participation, change);
    publishRegistrationChange(request.server.realtime, {
      gameId: game.id,
      teamId: participation.teamId,
      status: change.status ?? participation.status,
      previous: participation.status,
    });
    logAdminAction(
      request,
      `Participation ${participation.id} of team ${participation.teamId} in ${game.title}: ` +
        `${change.status ?? participation.status}`,
    );
  },
};
