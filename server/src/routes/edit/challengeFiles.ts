/**
 * A challenge's shared attachment and its flags (E24–E26). A local attachment holds one reference
 * to its stored file; replacing or deleting the attachment releases it.
 */
import type { Transaction } from 'kysely';
import {
  createAttachment,
  deleteAttachments,
  retainFile,
  type AttachmentType,
} from '../../db/repositories/attachments.js';
import { updateChallenge } from '../../db/repositories/challenges.js';
import { insertFlags } from '../../db/repositories/flags.js';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { flagsProblem } from '../../domain/flagMatch.js';
import { REMOTE_URL_REFUSED, isWebUrl } from '../../domain/remoteUrl.js';
import { deleteChallengeFlag } from '../../services/gameEdits.js';
import { logAdminAction } from '../admin/adminLog.js';
import { jsonString, releaseFiles, requireChallenge } from './lookup.js';

interface AttachmentInput {
  attachmentType?: AttachmentType | 'None';
  fileHash?: string | null;
  remoteUrl?: string | null;
}

/** Refuses a `Remote` attachment whose URL is not http(s), before anything is written. */
function checkRemoteUrl(input: AttachmentInput): void {
  if (input.attachmentType === 'Remote' && !isWebUrl(input.remoteUrl)) {
    throw badRequest(REMOTE_URL_REFUSED);
  }
}

/** Creates the attachment the input asks for (referencing a local file); null for None. */
async function attach(trx: Transaction<DB>, input: AttachmentInput): Promise<number | null> {
  const type = input.attachmentType ?? 'None';
  if (type === 'None') return null;
  let fileHash = type === 'Local' ? input.fileHash || null : null;
  // An unknown hash is kept without a reference: its url and size read as null.
  if (fileHash && !(await retainFile(trx, fileHash))) fileHash = null;
  return createAttachment(trx, { type, fileHash, remoteUrl: input.remoteUrl?.trim() ?? '' });
}

export const editChallengeFileHandlers: Handlers = {
  async editUpdateAttachment(request) {
    const { id: gameId, cId } = request.params;
    const { challenge } = await requireChallenge(request, gameId, cId);
    if (challenge.type === 'DynamicAttachment') {
      throw badRequest('Use assets API to upload attachments');
    }
    checkRemoteUrl(request.body);
    const released = await withTransaction(request.server.db, async (trx) => {
      const attachmentId = await attach(trx, request.body);
      await updateChallenge(trx, cId, { attachmentId });
      return deleteAttachments(trx, [challenge.attachmentId]);
    });
    await releaseFiles(request, released);
    logAdminAction(request, `Updated the attachment of challenge ${cId}`);
  },

  async editAddFlags(request) {
    const { id: gameId, cId } = request.params;
    const { challenge } = await requireChallenge(request, gameId, cId);
    for (const input of request.body) checkRemoteUrl(input);
    // Vexil: a pattern that does not compile is refused here, never at submission time.
    const problem = flagsProblem(challenge.type, request.body);
    if (problem) throw badRequest(problem);
    await withTransaction(request.server.db, async (trx) => {
      const flags = [];
      for (const input of request.body) {
        flags.push({
          flag: input.flag,
          matchMode: input.matchMode,
          attachmentId: await attach(trx, input),
        });
      }
      await insertFlags(trx, cId, flags);
    });
    logAdminAction(request, `Added ${request.body.length} flag(s) to challenge ${cId}`);
  },

  async editRemoveFlag(request, reply) {
    const { id: gameId, cId, fId } = request.params;
    await requireChallenge(request, gameId, cId);
    const released = await deleteChallengeFlag(request.server, gameId, cId, fId);
    if (!released) throw notFound('The flag was not found');
    await releaseFiles(request, released);
    logAdminAction(request, `Removed flag ${fId} of challenge ${cId}`);
    return reply.type('application/json; charset=utf-8').send(jsonString('Success'));
  },
};
