import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ReservesResponse } from '@gold/contract';
import { useProductSymbol } from '@/lib/app-config';
import { translateServerMessage } from '@/lib/i18n';
import { formatAge, formatCoverage, formatGrams } from '../lib/describe-reserves';
import { useReserves } from '../api/get-reserves';

interface ReservesBannerProps {
  /** Where the figures are (the Reserves screen); the dashboard links there. */
  reservesHref?: string | undefined;
}

/**
 * The dashboard's and the Reserves screen's alarm: a persistent error banner while the tokens
 * outstanding exceed the gold in the vault (with the shortfall in grams), and a warning while the
 * chain cannot be read (the figures are then the last good reading, with its age). Nothing while
 * the vault covers every token.
 */
export function ReservesBanner({ reservesHref }: ReservesBannerProps) {
  const reserves = useReserves();
  return reserves.data ? <ReservesAlerts reserves={reserves.data} reservesHref={reservesHref} /> : null;
}

export function ReservesAlerts({ reserves, reservesHref }: { reserves: ReservesResponse } & ReservesBannerProps) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const reading = reserves.reading;
  const link = reservesHref ? (
    <Link component={RouterLink} to={reservesHref} color="inherit" sx={{ fontWeight: 600 }}>
      {t('View reserves')}
    </Link>
  ) : null;
  return (
    <Stack spacing={1.5}>
      {reading && !reading.backed ? (
        <Alert severity="error" variant="filled" role="alert" data-testid="under-backed-banner">
          <AlertTitle>{t('Under-backed: {{shortfall}} short', { shortfall: formatGrams(reading.shortfallGrams) })}</AlertTitle>
          {t('{{supply}} {{product}} are outstanding against {{vault}} of gold in the vault (coverage {{coverage}}).', {
            supply: formatGrams(reading.supply).replace(/ g$/, ''),
            product,
            vault: formatGrams(reading.vaultGrams),
            coverage: formatCoverage(reading.coveragePercent),
          })}{' '}
          {link}
        </Alert>
      ) : null}
      {reserves.status !== 'live' ? (
        <Alert severity="warning" data-testid="reserves-stale-banner">
          <AlertTitle>
            {reserves.status === 'stale'
              ? t('The chain cannot be read: last good reading, {{age}} old', { age: formatAge(reserves.ageSeconds ?? 0) })
              : t('No reading of the reserves yet')}
          </AlertTitle>
          {reserves.message === null ? null : translateServerMessage(reserves.message)}
        </Alert>
      ) : null}
    </Stack>
  );
}
