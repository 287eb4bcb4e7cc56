import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Denomination } from '@gold/contract';

const pieces = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** Where a denomination's pieces are: per vault location, available and reserved there (they add up to the totals above). */
export function StockByLocation({ denomination }: { denomination: Denomination }) {
  const { t } = useTranslation();
  const titleId = `denom-${denomination.id}-locations`;
  if (denomination.byLocation.length === 0) return null;
  return (
    <Stack spacing={0.5}>
      <Typography id={titleId} variant="body2" sx={{ fontWeight: 600 }}>
        {t('By location')}
      </Typography>
      <Stack component="ul" aria-labelledby={titleId} spacing={0.25} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
        {denomination.byLocation.map((at) => (
          <Typography component="li" variant="body2" color="text.secondary" key={at.locationId} title={at.name}>
            {t('{{code}}: {{available}} available, {{reserved}} reserved', {
              code: at.code,
              available: pieces.format(at.available),
              reserved: pieces.format(at.reserved),
            })}
          </Typography>
        ))}
      </Stack>
    </Stack>
  );
}
