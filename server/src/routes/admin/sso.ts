/** /api/admin/sso/providers…: the single sign-on providers of the settings (issue 26). The
 *  environment's are listed, never changed here; client secrets are written, never read. */
import type { FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import {
  deleteProvider,
  findStoredProvider,
  insertProvider,
  updateProvider,
} from '../../db/repositories/sso.js';
import {
  providerFromInput,
  providerModel,
  providerProblem,
  type SsoProviderInput,
} from '../../domain/sso/providers.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { allProviders, findProvider } from '../../services/sso/providerRegistry.js';

export const FROM_ENVIRONMENT =
  'This provider is configured in the environment (VEXIL_SSO_PROVIDERS): change it there';
const ID_TAKEN = 'A provider with this id already exists';
const UNKNOWN = 'No single sign-on provider has this id';

function checkedProvider(input: SsoProviderInput, id: string, secret: string) {
  const provider = providerFromInput(input, id, secret);
  const problem = providerProblem(provider);
  if (problem) throw badRequest(problem);
  return provider;
}

function logChange(request: FastifyRequest, what: string) {
  request.log.info(
    { userName: request.user?.userName ?? '', ip: request.ip, taskStatus: 'Success' },
    what,
  );
}

function refuseEnvironment(request: FastifyRequest, id: string) {
  if (request.server.config.ssoProviders.some((p) => p.id === id))
    throw badRequest(FROM_ENVIRONMENT);
}

export const adminSsoHandlers: Handlers = {
  async adminSsoProviders(request) {
    return (await allProviders(request.server)).map(providerModel);
  },

  async adminSsoGetProvider(request) {
    const provider = await findProvider(request.server, request.params.provider);
    if (!provider) throw notFound(UNKNOWN);
    return providerModel(provider);
  },

  async adminSsoCreateProvider(request) {
    const { body } = request;
    if (request.server.config.ssoProviders.some((p) => p.id === body.id))
      throw badRequest(ID_TAKEN);
    const provider = checkedProvider(body, body.id, '');
    try {
      const stored = await insertProvider(request.server.db, provider);
      logChange(request, `Added the single sign-on provider ${stored.id}`);
      return providerModel(stored);
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(ID_TAKEN);
      throw error;
    }
  },

  async adminSsoUpdateProvider(request) {
    const { provider: id } = request.params;
    refuseEnvironment(request, id);
    const existing = await findStoredProvider(request.server.db, id);
    if (!existing) throw notFound(UNKNOWN);
    const provider = checkedProvider(request.body, id, existing.clientSecret);
    const stored = await updateProvider(request.server.db, provider);
    if (!stored) throw notFound(UNKNOWN);
    logChange(request, `Updated the single sign-on provider ${id}`);
    return providerModel(stored);
  },

  async adminSsoDeleteProvider(request) {
    const { provider: id } = request.params;
    refuseEnvironment(request, id);
    if (!(await deleteProvider(request.server.db, id))) throw notFound(UNKNOWN);
    logChange(request, `Deleted the single sign-on provider ${id}`);
  },
};
