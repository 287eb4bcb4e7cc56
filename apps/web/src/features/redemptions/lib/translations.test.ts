import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redemptionActions, redemptionStatuses, type RedemptionStatusChange } from '@gold/contract';
import { applyLanguage, i18n, loadIndonesianCatalogue } from '@/lib/i18n';
import { redemptionActionTexts } from './action-texts';
import { offeredTransitions } from './status-transitions';
import { otpProblem, reasonProblem } from './validation';

/** The redemption and denomination screens' sources: every literal t('...') key in them must have Indonesian. */
const sources = import.meta.glob<string>(
  [
    '../../redemptions/**/*.{ts,tsx}',
    '../../denominations/**/*.{ts,tsx}',
    '../../../app/routes/app/denominations/*.tsx',
    '../../../app/routes/app/redemptions/*.tsx',
    '!**/*.test.{ts,tsx}',
  ],
  { query: '?raw', import: 'default', eager: true },
);

function literalKeys(): string[] {
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    // t('key'), t("key"), t(cond ? 'a' : 'b'), t(\n 'key',\n ...)
    for (const call of source.matchAll(/\bt\(\s*([^()]*?)\s*(?:,|\))/g)) {
      // Not a literal compared with (problem?.field === 'reason' ? ...).
      const argument = call[1]!.replace(/===\s*'[^']*'/g, '');
      for (const literal of argument.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)) keys.add(literal[1] ?? literal[2]!);
    }
  }
  return [...keys];
}

describe('redemption and denomination texts in Indonesian', () => {
  let catalogue: Record<string, string>;

  beforeAll(async () => {
    catalogue = await loadIndonesianCatalogue();
  });

  afterAll(async () => {
    await applyLanguage('en');
  });

  it('has an entry for every text the screens put through t()', () => {
    const keys = literalKeys();
    expect(keys).toEqual(expect.arrayContaining(['Redemption Approval', 'Add Amount', 'Fail: {{reason}}', '{{count}} tries left']));
    expect(keys.filter((key) => !(key in catalogue))).toEqual([]);
  });

  it('has an entry for the texts kept as English keys in lists, tables and checks', () => {
    const all = offeredTransitions({ allowedActions: [...redemptionActions] });
    const keys = [
      ...redemptionStatuses,
      ...all.flatMap((transition) => [transition.label, transition.done]),
      // Every lifecycle action's texts: buttons, dropdown choices, notices, history words.
      ...Object.values(redemptionActionTexts).flatMap((texts) => Object.values(texts)),
      ...['', '1', '12 456', ' '.repeat(2)].map(otpProblem),
      ...[' ', 'x'.repeat(501), 'bad\u0000byte'].map(reasonProblem),
      // The list declarations (translated by the list mechanism where drawn).
      ...['Redemptions', 'redemption', 'redemptions', 'Error fetching redemptions', 'All statuses', 'Fullname', 'Request Date'],
      ...['Collection Date', 'Actions', 'Loading denominations', 'No denoms data yet!', 'Denomination pages', 'Total Redemption'],
      // The history's action words and the denomination checks' words.
      ...['Approved (off-platform)', 'Code sent', 'Wrong code entered', 'Code checked', 'Approved (handed over)', 'Rejected', 'Reset'],
      ...['Escrow confirmed (tokens held)', 'Redemption requested', 'Redemption cancelled'],
      ...['Denom', 'Amount', 'denom', 'amount', 'grams', 'pieces', 'Grams a piece', 'Pieces into the vault', 'Enter Amount'],
      ...['Denom added successfully', 'Amount added successfully', 'Error adding denom', 'Error adding amount'],
      ...['Redeemable status updated successfully', 'Error updating redeemable status', 'Choose the new limit first.'],
      ...['Redemption Limit Value Update Success', 'Redemption Limit Value Update Error', 'Choose the new status first.'],
      ...['{{denom}} gram is already recorded: use Add Amount on its card.'],
    ].filter((key): key is string => key !== null);
    expect(keys.filter((key) => !(key in catalogue))).toEqual([]);
  });

  it('says a status change and its outcome in Indonesian', async () => {
    await applyLanguage('id');
    const labels = (actions: RedemptionStatusChange[]) =>
      offeredTransitions({ allowedActions: actions }).map((transition) => `${i18n.t(transition.label)} (${i18n.t(transition.to)})`);
    expect(labels(['prepare', 'reject'])).toEqual(['Setujui (ON_WEB2)', 'Tolak (DITOLAK)']);
    expect(labels(['reset'])).toEqual(['Menunggu Konfirmasi (DIMINTA)']);
    expect(i18n.t('Fail: {{reason}}', { reason: 'Penukaran 3 tidak ditemukan' })).toBe('Gagal: Penukaran 3 tidak ditemukan');
  });
});
