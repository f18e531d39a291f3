/**
 * THE API client: one openapi-fetch instance typed by the generated schema.
 * Shell pages, hooks and the console's dataProvider all call through it, then `unwrap()` the result.
 */
import createClient from 'openapi-fetch';
import i18next from 'i18next';
import type { paths } from '#wire/schema.gen.js';
import { languageMiddleware, xsrfMiddleware } from './middleware';

export const api = createClient<paths>({ baseUrl: '', credentials: 'include' });

// The app's i18next instance is i18next's default one (initialised in lib/i18n.ts).
api.use(languageMiddleware(() => i18next.resolvedLanguage ?? i18next.language));
api.use(xsrfMiddleware());

export { unwrap, HttpError } from './errors';
