/**
 * The site logo: one upload gives the logo (640 px) and the favicon (256 px), both stored as
 * files referenced from `GlobalConfig.LogoHash` / `FaviconHash`.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { FAVICON_WIDTH, LOGO_WIDTH, processImage } from '../../services/images.js';
import type { UploadedFile } from '../../spec/multipart.js';
import { logAdminAction } from './adminLog.js';

const LOGO_KEY = 'GlobalConfig.LogoHash';
const FAVICON_KEY = 'GlobalConfig.FaviconHash';

/** Logo changes run one at a time, so two of them never release the same previous files. */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Drops the references of the previous logo and favicon; 400 when that fails. */
async function releaseAll(request: FastifyRequest, hashes: Array<string | null | undefined>) {
  for (const hash of hashes) {
    try {
      await request.server.files.release(hash);
    } catch (err) {
      request.log.error({ err }, `Could not release the file ${hash}`);
      throw badRequest('The previous logo or favicon could not be released');
    }
  }
}

export const adminLogoHandlers: Handlers = {
  async adminUpdateLogo(request) {
    const { file } = request.body as { file: UploadedFile };
    if (file.data.length === 0) throw badRequest('The file is empty');
    const { settings, files } = request.server;
    const logo = await processImage(file.data, { width: LOGO_WIDTH });
    const favicon = await processImage(file.data, { width: FAVICON_WIDTH });
    await serially(async () => {
      settings.invalidate();
      const previous = (await settings.get()).globalConfig;
      const storedLogo = await files.store(logo.data, `logo.${logo.extension}`, {
        contentType: logo.contentType,
      });
      const storedFavicon = await files.store(favicon.data, `favicon.${favicon.extension}`, {
        contentType: favicon.contentType,
      });
      await settings.save({ [LOGO_KEY]: storedLogo.hash, [FAVICON_KEY]: storedFavicon.hash });
      await releaseAll(request, [previous.logoHash, previous.faviconHash]);
    });
    logAdminAction(request, 'Updated the site logo');
  },

  async adminDeleteLogo(request) {
    const { settings } = request.server;
    await serially(async () => {
      settings.invalidate();
      const previous = (await settings.get()).globalConfig;
      await settings.save({ [LOGO_KEY]: '', [FAVICON_KEY]: '' });
      await releaseAll(request, [previous.logoHash, previous.faviconHash]);
    });
    logAdminAction(request, 'Removed the site logo');
  },
};
