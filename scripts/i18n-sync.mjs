#!/usr/bin/env node
/**
 * Keeps the translation catalogues in step with English (locales/en-US/translation.json), for
 * translators:
 *   node scripts/i18n-sync.mjs                → per language: how many keys are missing or extra
 *   node scripts/i18n-sync.mjs de-DE          → the missing keys of de-DE with their English text,
 *                                               as a flat JSON object (dotted keys)
 *   node scripts/i18n-sync.mjs de-DE --apply f.json
 *                                             → merges the flat translations of f.json into de-DE,
 *                                               drops keys English no longer has, and writes the
 *                                               catalogue in English key order
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../locales/', import.meta.url).pathname;
const SOURCE = 'en-US';

const read = (language) =>
  JSON.parse(readFileSync(join(root, language, 'translation.json'), 'utf8'));

function flatten(value, prefix = '', out = {}) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object') flatten(child, path, out);
    else out[path] = child;
  }
  return out;
}

/**
 * Plural forms a language has beyond English's `_one`/`_other` (Russian `_few`, `_many`…): a
 * catalogue may add `key_few` wherever English has `key_other`.
 */
export function extraPluralForms(language) {
  return new Intl.PluralRules(language)
    .resolvedOptions()
    .pluralCategories.filter((category) => category !== 'one' && category !== 'other');
}

const isExtraPluralKey = (key, language, sourceFlat) => {
  const match = /^(.*)_(zero|two|few|many)$/.exec(key);
  return (
    match !== null &&
    `${match[1]}_other` in sourceFlat &&
    extraPluralForms(language).includes(match[2])
  );
};

/**
 * `source` rebuilt in its own shape and order, each leaf from `pick(path)`; after each `_other`
 * leaf, the language's extra plural forms that `pick` knows.
 */
function reshape(source, pick, forms = [], prefix = '') {
  const out = {};
  for (const [key, child] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object') {
      out[key] = reshape(child, pick, forms, path);
      continue;
    }
    out[key] = pick(path);
    if (!key.endsWith('_other')) continue;
    const base = key.slice(0, -'_other'.length);
    for (const form of forms) {
      const value = pick(`${prefix ? `${prefix}.` : ''}${base}_${form}`, true);
      if (value !== undefined) out[`${base}_${form}`] = value;
    }
  }
  return out;
}

const source = read(SOURCE);
const sourceFlat = flatten(source);
const languages = readdirSync(root).filter((name) => name !== SOURCE);
const [language, flag, file] = process.argv.slice(2);

if (!language) {
  for (const name of languages) {
    const flat = flatten(read(name));
    const missing = Object.keys(sourceFlat).filter((key) => !(key in flat)).length;
    const extra = Object.keys(flat).filter(
      (key) => !(key in sourceFlat) && !isExtraPluralKey(key, name, sourceFlat),
    ).length;
    console.log(`${name}: ${missing} missing, ${extra} extra`);
  }
} else if (flag === '--apply') {
  let current = {};
  try {
    current = flatten(read(language));
  } catch {
    // a new language
  }
  const incoming = JSON.parse(readFileSync(file, 'utf8'));
  const merged = { ...current, ...flatten(incoming) };
  const missing = Object.keys(sourceFlat).filter((key) => !(key in merged));
  if (missing.length > 0) {
    console.error(`${language} still lacks ${missing.length} keys, e.g. ${missing.slice(0, 5)}`);
    process.exitCode = 1;
  }
  const result = reshape(
    source,
    (path, optional) => merged[path] ?? (optional ? undefined : sourceFlat[path]),
    extraPluralForms(language),
  );
  mkdirSync(join(root, language), { recursive: true });
  writeFileSync(join(root, language, 'translation.json'), `${JSON.stringify(result, null, 2)}\n`);
} else {
  let flat = {};
  try {
    flat = flatten(read(language));
  } catch {
    // a new language: everything is missing
  }
  const missing = Object.fromEntries(Object.entries(sourceFlat).filter(([key]) => !(key in flat)));
  console.log(JSON.stringify(missing, null, 2));
}
