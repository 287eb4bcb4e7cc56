import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useQueryClient, type Mutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RedemptionStatus } from '@gold/contract';
import { useLiveUpdate } from '@/lib/live-updates';

/** A mutation of this tab acting on redemption `id` (its body names the id) that is under way or ended with `status`. */
function ownChange(mutation: Mutation<unknown, Error, unknown, unknown>, id: number, status: RedemptionStatus): boolean {
  const variables = mutation.state.variables as { id?: unknown } | undefined;
  if (variables?.id !== id) return false;
  if (mutation.state.status === 'pending') return true;
  return mutation.state.status === 'success' && (mutation.state.data as { status?: unknown } | undefined)?.status === status;
}

/**
 * On a redemption's page: says so when its status changed under the operator, through another
 * operator (in another browser or tab) rather than this page's own action. The page itself
 * refreshes (live updates) and then offers only the actions now allowed.
 */
export function RedemptionChangedNotice({ id }: { id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [changedTo, setChangedTo] = useState<RedemptionStatus | null>(null);
  useLiveUpdate((message) => {
    if (message.type !== 'redemption.changed' || message.redemptionId !== id) return;
    const mine = queryClient
      .getMutationCache()
      .getAll()
      .some((mutation) => ownChange(mutation, id, message.status));
    if (!mine) setChangedTo(message.status);
  });
  if (!changedTo) return null;
  return (
    <Alert severity="warning" role="alert" data-testid="redemption-changed-notice" onClose={() => setChangedTo(null)}>
      <AlertTitle>{t('This redemption was changed by another operator')}</AlertTitle>
      {t('It is now {{status}}. The page shows it as it is now, with only the actions allowed now.', { status: changedTo })}
    </Alert>
  );
}
