import { useCallback, useMemo, useState } from 'react';
import type { Confirmation, ConfirmationListQuery } from '@gold/contract';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import type { List } from '@/components/data-grid/use-list';
import { useCan } from '@/lib/permissions';
import type { confirmationsTable } from './confirmations-table';
import { DecisionDialog, type Decision } from './decision-dialogs';

/** The confirmations list with its decisions: Confirm and Decline for a checker, Withdraw for the maker. */
export function ConfirmationsPanel({
  list,
  adminId,
}: {
  list: List<ConfirmationListQuery, Confirmation, typeof confirmationsTable>;
  /** The signed-in admin. */
  adminId: number | undefined;
}) {
  const can = useCan();
  const mayConfirm = can('confirm');
  // The maker of a receipt or movement (stock), or of a large hand-over (counter).
  const mayWithdraw = can('stock') || can('counter');
  const [asked, setAsked] = useState<{ decision: Decision; row: Confirmation } | null>(null);
  const ask = useCallback((decision: Decision, row: Confirmation) => setAsked({ decision, row }), []);
  const context = useMemo(() => ({ decisions: { adminId, mayConfirm, mayWithdraw, ask } }), [adminId, mayConfirm, mayWithdraw, ask]);
  return (
    <>
      <ListTable list={list} context={context} />
      {asked ? (
        <DecisionDialog
          key={`${asked.decision}-${asked.row.id}`}
          decision={asked.decision}
          row={asked.row}
          onClose={() => setAsked(null)}
        />
      ) : null}
    </>
  );
}
