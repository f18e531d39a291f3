/** POST /api/team/verify: anyone may check a team token against a game's public key. */
import { isPublicKey, parseTeamToken, verify } from '../../domain/teamToken.js';
import { ApiError, badRequest } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const teamVerifyHandlers: Handlers = {
  async teamVerifySignature(request) {
    const { teamToken, publicKey } = request.body;
    if (!isPublicKey(publicKey) || !BASE64.test(publicKey)) {
      throw badRequest('The public key must be Base64 of a 32-byte Ed25519 key');
    }
    const parsed = parseTeamToken(teamToken);
    if (!parsed || parsed.signature === '' || !BASE64.test(parsed.signature)) {
      throw badRequest('The team token must be `{teamId}:{Base64 signature}`');
    }
    if (!verify(publicKey, teamToken)) throw new ApiError(401, 'The signature does not verify');
  },
};
