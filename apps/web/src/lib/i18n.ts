import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const languages = ['en', 'id'] as const;
export type Language = (typeof languages)[number];

/** The last language chosen in this browser: it applies to the sign-in page before anyone is known. */
const STORAGE_KEY = 'gold.language';

/**
 * The English texts (the specification's) are the keys, so English needs no catalogue and stays
 * exactly as written. Each Indonesian file holds one feature's texts; all of them load, as their own
 * chunks, only when Indonesian is chosen.
 */
const indonesianCatalogues = import.meta.glob<{ default: Record<string, string> }>('../locales/id/*.json');

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

/** Every Indonesian text, merged from the per-feature files (loaded once). */
export async function loadIndonesianCatalogue(): Promise<Record<string, string>> {
  const files = await Promise.all(Object.values(indonesianCatalogues).map((load) => load()));
  return Object.assign({}, ...files.map((file) => file.default)) as Record<string, string>;
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

/** Switches the console's language, loading its catalogue (and MUI's texts) first; remembered in this browser. */
export async function applyLanguage(language: Language): Promise<void> {
  if (language === 'id' && !i18n.hasResourceBundle('id', 'translation')) {
    const [catalogue, mui] = await Promise.all([loadIndonesianCatalogue(), import('./mui-indonesian')]);
    muiIndonesian = mui.muiIndonesian;
    i18n.addResourceBundle('id', 'translation', catalogue);
  }
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
