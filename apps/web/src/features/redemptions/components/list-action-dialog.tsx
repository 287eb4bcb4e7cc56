import { useTranslation } from 'react-i18next';
import type { RedemptionListItem } from '@gold/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useProductSymbol } from '@/lib/app-config';
import { formatTokenAmount } from '@/lib/format';
import { LIST_REJECT_REASON } from '../api/reject-redemption';
import { redemptionActionTexts, type ListAction } from '../lib/action-texts';

interface ListActionDialogProps {
  open: boolean;
  /** The action asked for (kept while the dialog closes, so its text does not change as it fades). */
  pending: { action: ListAction; row: RedemptionListItem } | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before the list's one-click prepare or reject: a misclick on a row must not change a redemption. */
export function ListActionDialog({ open, pending, busy, onConfirm, onCancel }: ListActionDialogProps) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const row = pending?.row;
  const what = row
    ? t('{{name}}’s request for {{amount}} {{product}}', { name: row.user.fullName, amount: formatTokenAmount(row.total), product })
    : '';
  const action = pending?.action ?? 'prepare';
  const texts = redemptionActionTexts[action];
  return (
    <ConfirmDialog
      open={open && pending !== null}
      title={row ? t(texts.confirmTitle, { id: row.id }) : ''}
      confirmLabel={t(texts.button)}
      confirmColor={action === 'prepare' ? 'primary' : 'error'}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {action === 'prepare'
        ? t(
            "{{what}} (PREPARATION) moves to ON_WEB2: fulfilled through the off-platform channel, without taking pieces from the vault. To hand pieces over at the counter, open the review page and check the customer's code instead.",
            { what },
          )
        : t(
            '{{what}} is rejected with the reason “{{reason}}”; the tokens are due back to the customer. To record another reason, reject from the review page.',
            { what, reason: LIST_REJECT_REASON },
          )}
    </ConfirmDialog>
  );
}
