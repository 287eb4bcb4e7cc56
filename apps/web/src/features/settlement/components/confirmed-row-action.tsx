import { useCallback, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { errorMessage } from '@/lib/api-client';
import { usePermission } from '@/lib/permissions';

interface ConfirmedRowAction<Row extends { id: number }, Result> {
  mutation: UseMutationResult<Result, Error, number>;
  /** The dialog's title, its text and its button, in the console's language. */
  title: (row: Row) => string;
  body: (row: Row) => ReactNode;
  confirmLabel: string;
  confirmColor?: 'primary' | 'error';
  /** The notices once the server answered. */
  done: (row: Row, result: Result) => string;
  failed: string;
}

/**
 * A row's action that moves tokens (a refund, a retry): asked first in a dialog, sent once
 * confirmed, the server's answer told in a notice. Gives `ask(row)` for the row's button and the
 * dialog to draw beside the list.
 */
export function useConfirmedRowAction<Row extends { id: number }, Result>(action: ConfirmedRowAction<Row, Result>) {
  const notify = useNotify();
  const [asked, setAsked] = useState<Row | null>(null);
  const ask = useCallback((row: Row) => setAsked(row), []);
  const { mutation } = action;
  const confirm = () => {
    if (!asked) return;
    mutation.mutate(asked.id, {
      onSuccess: (result) => notify.success(action.done(asked, result)),
      onError: (error) => notify.error(`${action.failed}: ${errorMessage(error)}`),
      onSettled: () => setAsked(null),
    });
  };
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      title={asked ? action.title(asked) : ''}
      confirmLabel={action.confirmLabel}
      confirmColor={action.confirmColor}
      busy={mutation.isPending}
      onConfirm={confirm}
      onCancel={() => setAsked(null)}
    >
      {asked ? action.body(asked) : ''}
    </ConfirmDialog>
  );
  return { ask, dialog };
}

/**
 * The row's button of such an action, shown when the row allows it and named after the row: `name`
 * and `label` are English keys, `name` with the row's `{{id}}` ('Refund deposit {{id}}').
 */
export function RowActionButton({
  when,
  name,
  label,
  id,
  tabIndex,
  onClick,
}: {
  when: boolean;
  name: string;
  label: string;
  id: number;
  tabIndex: 0 | -1;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  // Moving tokens by hand is the settlement permission's (a supervisor's), whatever the row allows.
  const mayMoveTokens = usePermission('settlement');
  if (!when || !mayMoveTokens) return null;
  return (
    <Button size="small" color="warning" tabIndex={tabIndex} aria-label={t(name, { id })} onClick={onClick}>
      {t(label)}
    </Button>
  );
}
