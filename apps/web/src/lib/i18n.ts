import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const languages = ['en', 'id'] as const;
export type Language = (typeof languages)[number];

/** The last language chosen in this browser: it applies to the sign-in page before anyone is known. */
const STORAGE_KEY = 'gold.language';

/** One feature's Indonesian texts (a JSON file), keyed by their English. */
type CatalogueFile = { default: Record<string, string> };
type Catalogues = Record<string, () => Promise<CatalogueFile>>;

/**
 * The English texts (the specification's) are the keys, so English needs no catalogue and stays
 * exactly as written. Each Indonesian file holds one feature's texts; they load only when Indonesian
 * is chosen, in two parts: what the sign-in page shows (its own texts, the shared ones, the server's
 * messages), and the rest of the console's with MUI's own texts, which the standalone sign-in page
 * leaves until the console starts (`deferConsoleTexts`). Server messages no signed-out page can
 * show (the settlement's operations, the platform API's: server-console.json) load with the console's part.
 */
const signInCatalogues = import.meta.glob<CatalogueFile>([
  '../locales/id/auth.json',
  '../locales/id/common.json',
  '../locales/id/server.json',
]);
const consoleCatalogues = import.meta.glob<CatalogueFile>(['../locales/id/*.json', '!../locales/id/{auth,common,server}.json']);

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  // Keys are English sentences: dots and colons in them are text, not paths.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  resources: { en: { translation: {} } },
  initAsync: false,
  returnEmptyString: false,
});

async function merged(catalogues: Catalogues): Promise<Record<string, string>> {
  const files = await Promise.all(Object.values(catalogues).map((load) => load()));
  return Object.assign({}, ...files.map((file) => file.default)) as Record<string, string>;
}

/** Every Indonesian text, merged from the per-feature files (loaded once). */
export async function loadIndonesianCatalogue(): Promise<Record<string, string>> {
  const [signIn, rest] = await Promise.all([merged(signInCatalogues), merged(consoleCatalogues)]);
  return { ...signIn, ...rest };
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

/** MUI's own Indonesian texts (theme parts), loaded with the catalogue. */
let muiIndonesian: object[] | undefined;

/** The theme parts that put MUI's own texts (pagination, grid) in `language`; none for English. */
export function muiLocaleOf(language: string): readonly object[] {
  return language === 'id' && muiIndonesian ? muiIndonesian : [];
}

/** The two parts of the Indonesian texts: the sign-in page's, then the rest of the console's with MUI's own. */
const indonesianParts = {
  signIn: () => merged(signInCatalogues),
  console: async () => {
    const [catalogue, mui] = await Promise.all([merged(consoleCatalogues), import('./mui-indonesian')]);
    muiIndonesian = mui.muiIndonesian;
    return catalogue;
  },
};
type IndonesianPart = keyof typeof indonesianParts;

/** Each part's download, once asked for (one that failed is asked for again). */
const downloads = new Map<IndonesianPart, Promise<Record<string, string>>>();

function download(part: IndonesianPart): Promise<Record<string, string>> {
  let downloading = downloads.get(part);
  if (!downloading) {
    downloading = indonesianParts[part]();
    downloads.set(part, downloading);
    downloading.catch(() => downloads.delete(part));
  }
  return downloading;
}

/** True on the standalone sign-in page until the console starts: Indonesian then needs the sign-in part only. */
let consoleTextsDeferred = false;

/**
 * Puts the parts of the Indonesian texts needed now into i18next, downloading them first (the console's
 * too, should it start meanwhile). The sign-in part goes in first: where both have a text, the feature's
 * own wins, as in loadIndonesianCatalogue. Added on every switch to Indonesian (a merge of a few hundred
 * texts), so the bundle is whole whatever happened to it since (tests remove it).
 */
async function loadIndonesian(): Promise<void> {
  let deferred;
  let catalogues;
  do {
    deferred = consoleTextsDeferred;
    catalogues = await Promise.all(deferred ? [download('signIn')] : [download('signIn'), download('console')]);
  } while (deferred !== consoleTextsDeferred);
  for (const catalogue of catalogues) i18n.addResourceBundle('id', 'translation', catalogue);
}

/** For the standalone sign-in page (main.tsx): Indonesian loads the sign-in page's texts only, until `loadConsoleTexts`. */
export function deferConsoleTexts(): void {
  consoleTextsDeferred = true;
}

/** The console is starting: Indonesian needs its whole catalogue and MUI's texts again, loaded now if it is on. */
export async function loadConsoleTexts(): Promise<void> {
  consoleTextsDeferred = false;
  if (i18n.language === 'id') await loadIndonesian();
}

/** Switches the console's language, loading its catalogue (and MUI's texts) first; remembered in this browser. */
export async function applyLanguage(language: Language): Promise<void> {
  if (language === 'id') await loadIndonesian();
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // A browser that refuses storage still switches; it just forgets at the next visit.
  }
}

/** The language picked on the sign-in page during this visit, before anyone is known. */
let signInChoice: Language | null = null;

/** Notes a language picked on the sign-in page: at sign-in it wins over the admin's remembered one. */
export function noteSignInChoice(language: Language): void {
  signInChoice = language;
}

/**
 * At sign-in: the language picked on the sign-in page, else the one the admin chose last time
 * (their session says which). A catalogue that fails to load leaves the console in English.
 */
export async function applySignInLanguage(remembered: Language): Promise<void> {
  const language = signInChoice ?? remembered;
  signInChoice = null;
  // The console follows: should the language change here, its texts load whole at once.
  consoleTextsDeferred = false;
  if (language !== i18n.language) await applyLanguage(language).catch(() => undefined);
}

const templateCache = new Map<string, RegExp>();

function templatePattern(key: string): RegExp {
  let pattern = templateCache.get(key);
  if (!pattern) {
    const parts = key.split(/\{\{\s*(\w+)\s*\}\}/);
    const source = parts.map((part, i) => (i % 2 === 1 ? `(?<${part}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
    pattern = new RegExp(`^${source}$`, 's');
    templateCache.set(key, pattern);
  }
  return pattern;
}

/**
 * A message written by the server, in the console's language. The server answers in English; its
 * messages are catalogued like the console's own, those with figures as templates
 * ('Cannot add {{count}} pieces ...'), so the figures carry over into the translation.
 */
export function translateServerMessage(message: string): string {
  if (i18n.language === 'en') return message;
  const bundle = i18n.getResourceBundle(i18n.language, 'translation') as Record<string, string> | undefined;
  if (!bundle) return message;
  const exact = bundle[message];
  if (exact) return exact;
  // The most specific template that matches (the most text of its own): a short screen text such as
  // 'Admin {{id}}' must not take over 'Admin 12 not found'.
  let best: { translation: string; match: RegExpExecArray; words: number } | undefined;
  for (const [key, translation] of Object.entries(bundle)) {
    if (!key.includes('{{')) continue;
    const match = templatePattern(key).exec(message);
    const words = key.replace(/\{\{\s*\w+\s*\}\}/g, '').length;
    if (match && (!best || words > best.words)) best = { translation, match, words };
  }
  if (!best) return message;
  const { translation, match } = best;
  return translation.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => match.groups?.[name] ?? '');
}

/** `translateServerMessage` for a message that may be absent (a form field's error). */
export function serverText(message: string | undefined): string | undefined {
  return message === undefined ? undefined : translateServerMessage(message);
}
