import { useState, type ReactNode } from 'react';
import type { AdminListItem } from '@gold/contract';
import { useDeleteAdmin } from '../api/delete-admin';
import { errorMessage } from '../lib/error-message';
import type { Outcome } from '../lib/outcome';
import { ConfirmDialog, OutcomeDialog } from './admin-dialogs';

type Target = Pick<AdminListItem, 'id' | 'fullName' | 'email'>;

/**
 * Delete with a confirmation, then 'Data Remove Successfuly' or 'Data Remove Error' (the server's
 * reason: yourself, the last active admin). `ask(admin)` opens the confirmation; render `dialogs`.
 * The outcome is set after the call settles, so it shows even when the row that asked is gone.
 */
export function useAdminRemoval({ onRemoved }: { onRemoved?: () => void } = {}): { ask: (admin: Target) => void; dialogs: ReactNode } {
  const remove = useDeleteAdmin();
  const [target, setTarget] = useState<Target | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [removed, setRemoved] = useState(false);

  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      setRemoved(true);
      setOutcome({
        kind: 'removed',
        message: `${target.fullName} (${target.email}) was deleted and can no longer sign in. Its history stays in the Audit Log.`,
      });
    } catch (error) {
      setOutcome({ kind: 'removeFailed', message: errorMessage(error) });
    }
    setTarget(null);
  };
  const close = () => {
    setOutcome(null);
    if (removed) {
      setRemoved(false);
      onRemoved?.();
    }
  };

  const dialogs = (
    <>
      {target ? (
        <ConfirmDialog
          title={`Delete ${target.fullName}?`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setTarget(null)}
        >
          {`${target.email} will be deactivated, signed out everywhere and hidden from the Admin List. Its actions stay in the Audit Log.`}
        </ConfirmDialog>
      ) : null}
      {outcome ? <OutcomeDialog outcome={outcome} onClose={close} /> : null}
    </>
  );
  return { ask: setTarget, dialogs };
}
