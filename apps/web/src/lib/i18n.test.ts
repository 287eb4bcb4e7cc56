import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as I18nModule from './i18n';

// A fresh copy of the module, as a console that has just started has it: test files share one
// module cache (isolate: false), and another file may already have loaded the Indonesian catalogue.
let fresh: typeof I18nModule;
beforeAll(async () => {
  vi.resetModules();
  fresh = await import('./i18n');
});
const applyLanguage = (language: 'en' | 'id') => fresh.applyLanguage(language);

afterEach(async () => {
  await applyLanguage('en');
});

describe('console language', () => {
  it('keeps the English texts exactly as written, with no catalogue loaded', () => {
    expect(fresh.i18n.t('User List')).toBe('User List');
    expect(fresh.i18n.hasResourceBundle('id', 'translation')).toBe(false);
  });

  it('loads the Indonesian catalogue when chosen, and remembers the choice in this browser', async () => {
    await applyLanguage('id');
    const catalogue = await fresh.loadIndonesianCatalogue();
    const [english, indonesian] = Object.entries(catalogue).find(([key]) => !key.includes('{{'))!;
    expect(fresh.i18n.t(english)).toBe(indonesian);
    expect(fresh.storedLanguage()).toBe('id');
    expect(document.documentElement.lang).toBe('id');
  });

  it('puts the texts back at the next switch when the bundle was removed meanwhile (other test files do)', async () => {
    await applyLanguage('id');
    fresh.i18n.removeResourceBundle('id', 'translation');
    await applyLanguage('en');
    await applyLanguage('id');
    expect(fresh.i18n.t('Sign In')).toBe('Masuk');
    expect(fresh.i18n.t('Error fetching users')).toBe('Gagal memuat data pengguna');
  });

  it("translates the server's messages, figures carried over from templates", async () => {
    fresh.i18n.addResourceBundle(
      'id',
      'translation',
      { 'Cannot add {{count}} pieces of {{denom}} g': 'Tidak dapat menambah {{count}} keping {{denom}} g' },
      true,
      true,
    );
    await applyLanguage('id');
    expect(fresh.translateServerMessage('Cannot add 1000 pieces of 10 g')).toBe('Tidak dapat menambah 1000 keping 10 g');
    expect(fresh.translateServerMessage('A message nobody catalogued')).toBe('A message nobody catalogued');
    await applyLanguage('en');
    expect(fresh.translateServerMessage('Cannot add 1000 pieces of 10 g')).toBe('Cannot add 1000 pieces of 10 g');
  });
});

describe('the standalone sign-in page in Indonesian', () => {
  // A console booted on the sign-in page: a module of its own, since the deferral lasts until the console starts.
  async function signInPageModule() {
    vi.resetModules();
    const module = await import('./i18n');
    module.deferConsoleTexts();
    return module;
  }

  it("loads the sign-in page's texts and the server's messages only, then the rest as the console starts", async () => {
    const signIn = await signInPageModule();
    await signIn.applyLanguage('id');
    expect(signIn.i18n.t('Sign In')).toBe('Masuk');
    expect(signIn.translateServerMessage('Invalid email or password')).toBe('Email atau kata sandi salah');
    expect(signIn.i18n.t('Error fetching users')).toBe('Error fetching users');
    expect(signIn.muiLocaleOf('id')).toEqual([]);

    await signIn.loadConsoleTexts();
    expect(signIn.i18n.t('Error fetching users')).toBe('Gagal memuat data pengguna');
    expect(signIn.muiLocaleOf('id')).not.toEqual([]);
    await signIn.applyLanguage('en');
  });

  it('loads the whole catalogue when the console starts while Indonesian is still on its way', async () => {
    const signIn = await signInPageModule();
    const switching = signIn.applyLanguage('id');
    await signIn.loadConsoleTexts();
    await switching;
    expect(signIn.i18n.language).toBe('id');
    expect(signIn.i18n.t('Error fetching users')).toBe('Gagal memuat data pengguna');
    expect(signIn.muiLocaleOf('id')).not.toEqual([]);
    await signIn.applyLanguage('en');
  });
});
