/**
 * Validation of multipart bodies against the spec (Fastify's schema validation does not apply to
 * parsed multipart parts): required parts present, file parts are files within their `maxLength`
 * bytes, text parts valid against their schemas.
 */
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { badRequest, ApiError } from '../http/errors.js';
import type { JsonSchema } from './document.js';
import { compileParamValidator } from './validators.js';

type Part = MultipartFile | MultipartValue;

const isBinary = (s: JsonSchema) => s.format === 'binary' || s.contentMediaType !== undefined;

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export type MultipartBody = Record<string, UploadedFile | UploadedFile[] | string>;

export function multipartValidator(schema: JsonSchema) {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  const textValidators = Object.fromEntries(
    Object.entries(properties)
      .filter(([, s]) => !isBinary(s) && !(s.type === 'array' && isBinary(s.items as JsonSchema)))
      .map(([name, s]) => [
        name,
        compileParamValidator({ type: 'object', properties: { value: s } }),
      ]),
  );

  return async function validate(raw: unknown): Promise<MultipartBody> {
    const body = (raw ?? {}) as Record<string, Part | Part[]>;
    const out: MultipartBody = {};
    for (const name of required) {
      if (body[name] === undefined) throw badRequest(`The ${name} field is required`);
    }
    for (const [name, value] of Object.entries(body)) {
      const prop = properties[name];
      if (!prop) throw badRequest(`Unknown form field ${name}`);
      const parts = Array.isArray(value) ? value : [value];
      const fileSchema = prop.type === 'array' ? (prop.items as JsonSchema) : prop;
      if (isBinary(fileSchema)) {
        if (prop.type !== 'array' && parts.length > 1)
          throw badRequest(`Only one ${name} is allowed`);
        const files: UploadedFile[] = [];
        for (const part of parts) {
          if (part.type !== 'file') throw badRequest(`The ${name} field must be a file`);
          const data = await part.toBuffer();
          const max = fileSchema.maxLength as number | undefined;
          if (max !== undefined && data.length > max)
            throw new ApiError(413, `The file ${name} is too large`);
          files.push({ filename: part.filename, mimetype: part.mimetype, data });
        }
        out[name] = prop.type === 'array' ? files : files[0];
      } else {
        const part = parts[0];
        if (parts.length > 1 || part.type !== 'field')
          throw badRequest(`The ${name} field must be text`);
        const holder = { value: part.value };
        const validator = textValidators[name];
        if (!validator(holder))
          throw badRequest(`body/${name} ${validator.errors?.[0]?.message ?? 'is invalid'}`);
        out[name] = String(holder.value);
      }
    }
    return out;
  };
}
