/**
 * The site settings of the console's Settings page (`/api/admin/config`): not a react-admin
 * resource, only typed actions. Only HTTP here: ../resources/settings/sections.ts shapes the bodies.
 */
import { api, unwrap } from '@/api/client';
import type { Settings } from '@/api/types';
import { multipart } from './kit';

export const settingsActions = {
  /** `GET /api/admin/config`: every section, every field filled. */
  get: async (): Promise<Settings> => unwrap(await api.GET('/api/admin/config')),
  /** `PUT /api/admin/config`: saves the sections sent; an omitted section stays as it is. */
  save: async (sections: Settings) =>
    unwrap(await api.PUT('/api/admin/config', { body: sections })),
  /** `POST /api/admin/config/logo` (multipart `file`): the new logo and favicon. */
  uploadLogo: async (file: File) =>
    unwrap(
      await api.POST('/api/admin/config/logo', {
        body: { file: file.name },
        ...multipart('file', [file]),
      }),
    ),
  /** `DELETE /api/admin/config/logo`: back to no logo and the built-in favicon. */
  removeLogo: async () => unwrap(await api.DELETE('/api/admin/config/logo')),
};
