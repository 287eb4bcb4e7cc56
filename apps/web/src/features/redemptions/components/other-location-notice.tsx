import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { RedemptionDetail } from '@gold/contract';
import { useSignedInRole } from '@/lib/permissions';

/** Whether the signed-in admin is a teller of another location than the redemption's (the server gives them no action). */
export function useServedElsewhere(redemption: RedemptionDetail | undefined): boolean {
  const signedIn = useSignedInRole();
  return redemption !== undefined && signedIn?.role === 'Teller' && signedIn.locationId !== redemption.location.id;
}

/** Why a teller of another location sees no counter actions. */
export function OtherLocationNotice({ redemption }: { redemption: RedemptionDetail }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning">
      {t('This redemption is collected at {{location}}. You serve another location, so you cannot act on it.', {
        location: `${redemption.location.code} — ${redemption.location.name}`,
      })}
    </Alert>
  );
}
