import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const sourceRoot = join(import.meta.dirname, '..');
const cataloguesDir = join(sourceRoot, 'locales', 'id');

/** Every source file of the console, tests left out (their texts are what the screens show). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A JavaScript string literal's text ('...' or "...", or `...` without ${}). */
function literalText(quote: string, body: string): string | null {
  if (quote === '`' && body.includes('${')) return null;
  return body.replace(/\\(.)/g, '$1');
}

/**
 * The literal keys given to t() (`t('Add Admin')`, `i18n.t('...')`, `t(\n  'long text',\n)`) and
 * to <Trans i18nKey="...">: the English texts the console shows through the catalogue.
 */
function literalKeys(source: string): string[] {
  const keys: string[] = [];
  const call = /(?<![\w$])t\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1\s*[,)]/g;
  for (const match of source.matchAll(call)) {
    const key = literalText(match[1]!, match[2]!);
    if (key) keys.push(key);
  }
  for (const match of source.matchAll(/<Trans[^>]*\bi18nKey=(["'])((?:(?!\1).)*)\1/g)) keys.push(match[2]!);
  return keys;
}

/** Where a file belongs, for the report: its feature (features/customers) or its top folder (components). */
function areaOf(file: string): string {
  const parts = relative(sourceRoot, file).split(/[\\/]/);
  if (parts[0] === 'features' || (parts[0] === 'app' && parts[1] === 'routes' && parts[2] === 'app' && parts.length > 4)) {
    return parts.slice(0, parts[0] === 'features' ? 2 : 4).join('/');
  }
  return parts[0]!;
}

function indonesianCatalogue(): Record<string, string> {
  const files = readdirSync(cataloguesDir).filter((name) => name.endsWith('.json'));
  return Object.assign({}, ...files.map((name) => JSON.parse(readFileSync(join(cataloguesDir, name), 'utf8')) as Record<string, string>));
}

describe('the Indonesian catalogue', () => {
  it('translates every literal key the console passes to t() or <Trans>', () => {
    const catalogue = indonesianCatalogue();
    const missing: Record<string, string[]> = {};
    for (const file of sourceFiles(sourceRoot)) {
      for (const key of literalKeys(readFileSync(file, 'utf8'))) {
        if (catalogue[key]) continue;
        const area = areaOf(file);
        if (!missing[area]?.includes(key)) (missing[area] ??= []).push(key);
      }
    }
    expect(missing).toEqual({});
  });

  it('gives a text one translation in every feature file (they are merged into one catalogue, where the last file would win)', () => {
    const translations = new Map<string, Set<string>>();
    for (const name of readdirSync(cataloguesDir).filter((file) => file.endsWith('.json'))) {
      const catalogue = JSON.parse(readFileSync(join(cataloguesDir, name), 'utf8')) as Record<string, string>;
      for (const [english, indonesian] of Object.entries(catalogue))
        translations.set(english, (translations.get(english) ?? new Set()).add(indonesian));
    }
    // A text that means two things takes a context key for one of them (`To_dates`, read with `t('To', { context: 'dates' })`).
    const ambiguous = [...translations]
      .filter(([, indonesian]) => indonesian.size > 1)
      .map(([english, indonesian]) => [english, [...indonesian]]);
    expect(ambiguous).toEqual([]);
  });

  it('fills in a translation only from its template’s {{names}}', () => {
    const names = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);
    // A name may go unused (Indonesian has no plural to agree with a count), never appear from nowhere.
    const broken = Object.entries(indonesianCatalogue()).filter(([english, indonesian]) =>
      names(indonesian).some((name) => !names(english).includes(name)),
    );
    expect(broken).toEqual([]);
  });
});
