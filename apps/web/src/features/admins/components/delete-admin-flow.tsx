import { useState } from 'react';
import type { AdminListItem } from '@gold/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteAdmin } from '../api/delete-admin';
import { errorMessage } from '@/lib/api-client';
import type { Outcome } from '../lib/outcome';
import { OutcomeDialog } from './outcome-dialog';

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
  const remove = useDeleteAdmin();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const confirm = async () => {
    try {
      await remove.mutateAsync(admin.id);
      setOutcome({
        kind: 'removed',
        message: `${admin.fullName} (${admin.email}) was deleted and can no longer sign in. Its history stays in the Audit Log.`,
      });
    } catch (error) {
      setOutcome({ kind: 'removeFailed', message: errorMessage(error) });
    }
  };

  if (outcome) return <OutcomeDialog outcome={outcome} onClose={() => onClose(outcome.kind === 'removed')} />;
  return (
    <ConfirmDialog
      title={`Delete ${admin.fullName}?`}
      confirmLabel="Delete"
      confirmColor="error"
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={() => onClose(false)}
    >
      {`${admin.email} will be deactivated, signed out everywhere and hidden from the Admin List. Its actions stay in the Audit Log.`}
    </ConfirmDialog>
  );
}
