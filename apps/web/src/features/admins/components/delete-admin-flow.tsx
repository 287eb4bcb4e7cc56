import { useState } from 'react';
import type { AdminListItem } from '@gold/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteAdmin } from '../api/delete-admin';
import { errorMessage } from '@/lib/api-client';
import type { Outcome } from '../lib/outcome';
import { OutcomeDialog } from './outcome-dialog';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '@/lib/i18n';

export type DeleteTarget = Pick<AdminListItem, 'id' | 'fullName' | 'email'>;

interface DeleteAdminFlowProps {
  admin: DeleteTarget;
  /** The flow is over: `removed` when the admin was deleted (after 'Data Remove Successfuly' was closed). */
  onClose: (removed: boolean) => void;
}

/**
 * Delete with a confirmation, then 'Data Remove Successfuly' or 'Data Remove Error' (the server's
 * reason: yourself, the last active admin). A chunk of its own, loaded when Delete is first
 * clicked; the outcome is set after the call settles, so it shows whatever the list does meanwhile.
 */
export function DeleteAdminFlow({ admin, onClose }: DeleteAdminFlowProps) {
  const { t } = useTranslation();
  const remove = useDeleteAdmin();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const confirm = async () => {
    try {
      await remove.mutateAsync(admin.id);
      setOutcome({
        kind: 'removed',
        message: t('{{name}} ({{email}}) was deleted and can no longer sign in. Its history stays in the Audit Log.', {
          name: admin.fullName,
          email: admin.email,
        }),
      });
    } catch (error) {
      setOutcome({ kind: 'removeFailed', message: translateServerMessage(errorMessage(error)) });
    }
  };

  if (outcome) return <OutcomeDialog outcome={outcome} onClose={() => onClose(outcome.kind === 'removed')} />;
  return (
    <ConfirmDialog
      title={t('Delete {{name}}?', { name: admin.fullName })}
      confirmLabel={t('Delete')}
      confirmColor="error"
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={() => onClose(false)}
    >
      {t('{{email}} will be deactivated, signed out everywhere and hidden from the Admin List. Its actions stay in the Audit Log.', {
        email: admin.email,
      })}
    </ConfirmDialog>
  );
}
