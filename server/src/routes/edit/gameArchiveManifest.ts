/**
 * The `game.json` of an uploaded game archive, read and checked against the spec's
 * `GameArchiveManifest` with the validator of request bodies (unknown properties are dropped, as
 * in any request body; known ones must have their types and limits).
 */
import type { ValidateFunction } from 'ajv';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  MANIFEST_ENTRY,
  type GameArchiveManifest,
} from '../../domain/gameArchive.js';
import { badRequest } from '../../http/errors.js';
import { deref, loadDocument, type JsonSchema } from '../../spec/document.js';
import { compileRequestBodyValidator } from '../../spec/validators.js';

let validator: ValidateFunction | null = null;

/** Compiled on first use: most servers never import a game. */
function manifestValidator(): ValidateFunction {
  if (!validator) {
    const doc = loadDocument();
    validator = compileRequestBodyValidator(
      deref(doc.components.schemas.GameArchiveManifest as JsonSchema, doc),
    );
  }
  return validator;
}

export function parseManifest(bytes: Buffer): GameArchiveManifest {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badRequest(`${MANIFEST_ENTRY} is not JSON`);
  }
  const head = (value ?? {}) as { format?: unknown; version?: unknown };
  if (head.format !== ARCHIVE_FORMAT || head.version !== ARCHIVE_VERSION) {
    throw badRequest(`The archive is not a game archive of version ${ARCHIVE_VERSION}`);
  }
  const validate = manifestValidator();
  if (!validate(value)) {
    const error = validate.errors?.[0];
    throw badRequest(
      `${MANIFEST_ENTRY}${error?.instancePath ?? ''} ${error?.message ?? 'is invalid'}`,
    );
  }
  return value as GameArchiveManifest;
}
