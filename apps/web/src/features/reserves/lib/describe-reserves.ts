import { formatTokenAmount } from '@/lib/format';
import { i18n } from '@/lib/i18n';

/** Grams with 2 decimals in the Indonesian format: `1.234,50 g`. */
export const formatGrams = (value: string) => `${formatTokenAmount(value)} g`;

/** Coverage in percent with 2 decimals, cut as the server cuts it (99.9999 stays under 100): `66,66%`. */
export function formatCoverage(percent: string | null): string {
  if (percent === null) return '-';
  const [whole, fraction = ''] = percent.split('.');
  // Cut, never rounded up: a vault short by a milligram must not read 100,00%.
  return `${formatTokenAmount(`${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`)}%`;
}

/** An age in seconds as a short phrase: `45 s`, `12 min`, `3 h 5 min`, `2 days`. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return i18n.t('{{seconds}} s', { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return i18n.t('{{minutes}} min', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return minutes % 60 === 0 ? i18n.t('{{hours}} h', { hours }) : i18n.t('{{hours}} h {{minutes}} min', { hours, minutes: minutes % 60 });
  return i18n.t('{{days}} days', { days: Math.floor(hours / 24) });
}
