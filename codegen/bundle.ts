import { bundle, createConfig } from '@redocly/openapi-core';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

/** Bundles the multi-file spec into one document whose schemas live under components. */
export async function bundleSpec(rootFile: string): Promise<OpenApiDocument> {
  const config = await createConfig({});
  const result = await bundle({ ref: rootFile, config, dereference: false });
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    const text = errors.map((p) => `${p.message} at ${p.location?.[0]?.pointer ?? '?'}`).join('\n');
    throw new Error(`The OpenAPI description does not bundle:\n${text}`);
  }
  return result.bundle.parsed as OpenApiDocument;
}
