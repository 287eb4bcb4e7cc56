import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RedemptionDetail } from '@gold/contract';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';

/**
 * A hand-over above the confirmation threshold waits for a second admin: nothing has left the
 * vault, and nothing else can change the redemption until it is confirmed or declined.
 */
export function PendingHandOverNotice({ pending }: { pending: NonNullable<RedemptionDetail['pendingConfirmation']> }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" role="status">
      <AlertTitle>{t('Waiting for a supervisor’s confirmation')}</AlertTitle>
      {t('{{maker}} sent this hand-over for confirmation at {{time}}. Nothing leaves the vault until another admin confirms it.', {
        maker: pending.maker.fullName,
        time: formatDateTime(pending.createdAt),
      })}{' '}
      <Link component={RouterLink} to={paths.app.confirmations.getHref()}>
        {t('Open Confirmations')}
      </Link>
    </Alert>
  );
}
