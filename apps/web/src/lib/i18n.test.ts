import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n, loadIndonesianCatalogue, storedLanguage, translateServerMessage } from './i18n';

afterEach(async () => {
  await applyLanguage('en');
});

describe('console language', () => {
  it('keeps the English texts exactly as written, with no catalogue loaded', () => {
    expect(i18n.t('User List')).toBe('User List');
    expect(i18n.hasResourceBundle('id', 'translation')).toBe(false);
  });

  it('loads the Indonesian catalogue when chosen, and remembers the choice in this browser', async () => {
    await applyLanguage('id');
    const catalogue = await loadIndonesianCatalogue();
    const [english, indonesian] = Object.entries(catalogue).find(([key]) => !key.includes('{{'))!;
    expect(i18n.t(english)).toBe(indonesian);
    expect(storedLanguage()).toBe('id');
    expect(document.documentElement.lang).toBe('id');
  });

  it("translates the server's messages, figures carried over from templates", async () => {
    i18n.addResourceBundle(
      'id',
      'translation',
      { 'Cannot add {{count}} pieces of {{denom}} g': 'Tidak dapat menambah {{count}} keping {{denom}} g' },
      true,
      true,
    );
    await applyLanguage('id');
    expect(translateServerMessage('Cannot add 1000 pieces of 10 g')).toBe('Tidak dapat menambah 1000 keping 10 g');
    expect(translateServerMessage('A message nobody catalogued')).toBe('A message nobody catalogued');
    await applyLanguage('en');
    expect(translateServerMessage('Cannot add 1000 pieces of 10 g')).toBe('Cannot add 1000 pieces of 10 g');
  });
});
