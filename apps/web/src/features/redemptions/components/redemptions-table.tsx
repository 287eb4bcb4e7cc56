import { lazy, Suspense, useMemo, useState } from 'react';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { redemptionListQuery, redemptionStatuses, type RedemptionListItem, type RedemptionListQuery } from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import type { List } from '@/components/data-grid/use-list';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { paths } from '@/config/paths';
import { formatDate, formatTokenAmount } from '@/lib/format';
import { redemptionsList } from '../api/get-redemptions';
import { usePrepareRedemption } from '../api/prepare-redemption';
import { LIST_REJECT_REASON, useRejectRedemption } from '../api/reject-redemption';
import { redemptionActionTexts, type ListAction } from '../lib/action-texts';
import { reportOutcome } from '../lib/report-outcome';
import { RedemptionRowActions } from './redemption-row-actions';
import { RedemptionStatusChip } from './redemption-status-chip';

/** Loaded once an action is asked for (Dialog and its modal are not needed to show the list). */
const ListActionDialog = lazy(() => import('./list-action-dialog').then((m) => ({ default: m.ListActionDialog })));

interface RowActions {
  /** Prepare and reject on the rows (the Redemption List); without, the rows only link (Ratings). */
  onAction: ((action: ListAction, row: RedemptionListItem) => void) | undefined;
}

/**
 * Redemptions paged, sorted and filtered by status on the server; a row opens its review page.
 * Texts are English keys: the list mechanism translates them where it draws them.
 */
export const redemptionsTable = defineList<RedemptionListQuery, RedemptionListItem, RowActions>({
  id: 'redemptions',
  label: 'Redemptions',
  query: redemptionListQuery,
  call: redemptionsList,
  noun: { one: 'redemption', other: 'redemptions' },
  errorTitle: 'Error fetching redemptions',
  filters: [
    {
      kind: 'select',
      name: 'status',
      label: 'Status',
      allLabel: 'All statuses',
      options: redemptionStatuses.map((status) => ({ value: status, label: status })),
    },
  ],
  detailHref: (row) => paths.app.redemptionReview.getHref(row.id),
  columns: ({ onAction }) => [
    { field: 'id', headerName: 'ID', width: 70 },
    {
      field: 'fullName',
      headerName: 'Fullname',
      flex: 1,
      minWidth: 150,
      valueGetter: (_value, row) => row.user.fullName,
      renderCell: ({ row, tabIndex }) => (
        <Link component={RouterLink} to={paths.app.customer.getHref(row.user.id)} tabIndex={tabIndex}>
          {row.user.fullName}
        </Link>
      ),
    },
    {
      field: 'createdAt',
      headerName: 'Request Date',
      // Room for the header and its sort arrow on one line (the list's default sort).
      width: 128,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDate(value),
    },
    {
      field: 'total',
      headerName: '{{product}} Value',
      width: 120,
      type: 'number',
      headerAlign: 'right',
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatTokenAmount(value),
    },
    {
      field: 'appointmentDate',
      headerName: 'Collection Date',
      width: 126,
      optional: 1,
      valueFormatter: (value: string) => formatDate(value),
    },
    { field: 'status', headerName: 'Status', width: 128, renderCell: ({ row }) => <RedemptionStatusChip status={row.status} /> },
    {
      field: 'actions',
      headerName: 'Actions',
      width: onAction ? 152 : 88,
      hideable: false,
      renderCell: ({ row, tabIndex }) => <RedemptionRowActions row={row} tabIndex={tabIndex} onAction={onAction} />,
    },
  ],
});

interface RedemptionsTableProps {
  /** The screen's list (`useList(redemptionsTable)`). */
  list: List<RedemptionListQuery, RedemptionListItem, typeof redemptionsTable>;
  /** The grid's accessible name (English, shown in the console's language). */
  label: string;
  /** Prepare and reject on the rows (the Redemption List); without, the rows only link (Ratings). */
  withActions?: boolean;
}

/**
 * Redemptions paged, sorted and filtered by status on the server (state in the URL). With
 * actions: prepare (PREPARATION, labelled 'Approve') and reject (reason 'none'), each confirmed
 * first; afterwards the list goes back to its first page.
 */
export function RedemptionsTable({ list, label, withActions = false }: RedemptionsTableProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const prepare = usePrepareRedemption();
  const reject = useRejectRedemption();
  const [pending, setPending] = useState<{ action: ListAction; row: RedemptionListItem } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const context = useMemo<RowActions>(
    () => ({
      onAction: withActions
        ? (action, row) => {
            setPending({ action, row });
            setDialogOpen(true);
          }
        : undefined,
    }),
    [withActions],
  );

  const confirm = () => {
    if (!pending) return;
    const { action, row } = pending;
    const done =
      action === 'prepare' ? prepare.mutateAsync({ id: row.id }) : reject.mutateAsync({ id: row.id, reason: LIST_REJECT_REASON });
    void reportOutcome(done, notify, redemptionActionTexts[action].done, () =>
      list.setPagination({ page: 0, pageSize: list.pageSize }),
    ).finally(() => setDialogOpen(false));
  };

  return (
    <>
      <ListTable list={list} label={t(label)} context={context} />
      {pending ? (
        <Suspense fallback={null}>
          <ListActionDialog
            open={dialogOpen}
            pending={pending}
            busy={prepare.isPending || reject.isPending}
            onConfirm={confirm}
            onCancel={() => setDialogOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
