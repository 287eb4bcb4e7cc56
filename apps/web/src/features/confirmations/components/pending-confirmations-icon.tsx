import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/lib/visually-hidden';
import { usePendingCount } from '../api/get-pending-count';

/**
 * The Confirmations menu icon with the number waiting for a second admin (none shown at 0). The
 * number is read out with the link's name; live updates keep it current.
 */
export function PendingConfirmationsIcon() {
  const { t } = useTranslation();
  const pending = usePendingCount().data ?? 0;
  // No badge at all at 0: MUI keeps an invisible "0" in the link's text otherwise.
  if (pending === 0) return <FactCheckOutlinedIcon />;
  return (
    <>
      <Badge badgeContent={pending} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
        <FactCheckOutlinedIcon />
      </Badge>
      {pending > 0 ? (
        <Box component="span" sx={visuallyHidden}>
          {t('{{count}} pending', { count: pending })}
        </Box>
      ) : null}
    </>
  );
}
