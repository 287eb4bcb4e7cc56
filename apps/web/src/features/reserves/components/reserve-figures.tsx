import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReservesResponse } from '@gold/contract';
import { useProductSymbol } from '@/lib/app-config';
import { formatDateTime, formatTokenAmount } from '@/lib/format';
import { formatCoverage, formatGrams } from '../lib/describe-reserves';

function Figure({ label, value, note, tone }: { label: string; value: string; note?: ReactNode; tone?: 'error' | 'success' }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 200px', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, mt: 0.5, color: tone === 'error' ? 'error.main' : tone === 'success' ? 'success.dark' : undefined }}
      >
        {value}
      </Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** The reading: tokens outstanding, grams in the vault (reserved beside them), coverage, and the block it was read at. */
export function ReserveFigures({ reserves }: { reserves: ReservesResponse }) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const reading = reserves.reading;
  if (!reading) return null;
  return (
    <Stack spacing={1}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }} data-testid="reserve-figures">
        <Figure
          label={t('{{product}} outstanding', { product })}
          value={formatTokenAmount(reading.supply)}
          note={t('1 {{product}} = 1 gram', { product })}
        />
        <Figure label={t('Gold in the vault')} value={formatGrams(reading.vaultGrams)} note={t('Stock minus pieces handed over')} />
        <Figure
          label={t('Reserved by open redemptions')}
          value={formatGrams(reading.reservedGrams)}
          note={t('Still in the vault (requested, in preparation)')}
        />
        <Figure
          label={t('Coverage')}
          value={formatCoverage(reading.coveragePercent)}
          tone={reading.backed ? 'success' : 'error'}
          note={reading.backed ? t('Every token is backed') : t('Short by {{grams}}', { grams: formatGrams(reading.shortfallGrams) })}
        />
      </Stack>
      {reading.burnsInFlight !== undefined || reading.escrowHeld !== undefined ? (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }} data-testid="reserve-settlement">
          <Figure
            label={t('{{product}} in escrow', { product })}
            value={formatTokenAmount(reading.escrowHeld ?? '0')}
            note={t('Held for open redemptions: part of the supply until burned or refunded')}
          />
          <Figure
            label={t('Burns in flight')}
            value={formatTokenAmount(reading.burnsInFlight ?? '0')}
            note={t('Handed over, burn not landed yet: coverage counts them as gone')}
          />
        </Stack>
      ) : null}
      <Typography variant="body2" color="text.secondary" data-testid="reserve-block">
        {t('Supply read at block {{block}} ({{time}}); figures as of {{readAt}}.', {
          block: reading.blockNumber.toLocaleString('id-ID'),
          time: formatDateTime(reading.blockTime),
          readAt: formatDateTime(reserves.readAt),
        })}
      </Typography>
    </Stack>
  );
}
