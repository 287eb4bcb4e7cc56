import { lazy, Suspense, useMemo, useState } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { redemptionListQuery, type RedemptionListItem } from '@gold/contract';
import { ServerDataGrid } from '@/components/data-grid/server-data-grid';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { paths } from '@/config/paths';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, formatTokenAmount } from '@/lib/format';
import { usePrepareRedemption } from '../api/prepare-redemption';
import { LIST_REJECT_REASON, useRejectRedemption } from '../api/reject-redemption';
import { useRedemptions } from '../api/get-redemptions';
import { reportOutcome } from '../lib/report-outcome';
import { RedemptionRowActions, type ListAction } from './redemption-row-actions';
import { RedemptionStatusChip } from './redemption-status-chip';
import { RedemptionStatusFilter } from './redemption-status-filter';

/** Loaded once an action is asked for (Dialog and its modal are not needed to show the list). */
const ListActionDialog = lazy(() => import('./list-action-dialog').then((m) => ({ default: m.ListActionDialog })));

function columnsFor(product: string, onAction: ((action: ListAction, row: RedemptionListItem) => void) | undefined) {
  const columns: GridColDef<RedemptionListItem>[] = [
    { field: 'id', headerName: 'ID', width: 70 },
    {
      field: 'fullName',
      headerName: 'Fullname',
      flex: 1,
      minWidth: 150,
      valueGetter: (_value, row) => row.user.fullName,
      renderCell: ({ row, tabIndex }) => (
        <Link component={RouterLink} to={paths.app.user.getHref(row.user.id)} tabIndex={tabIndex}>
          {row.user.fullName}
        </Link>
      ),
    },
    {
      field: 'createdAt',
      headerName: 'Request Date',
      width: 120,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDate(value),
    },
    {
      field: 'total',
      headerName: `${product} Value`,
      width: 120,
      type: 'number',
      headerAlign: 'right',
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatTokenAmount(value),
    },
    { field: 'appointmentDate', headerName: 'Collection Date', width: 126, valueFormatter: (value: string) => formatDate(value) },
    { field: 'status', headerName: 'Status', width: 128, renderCell: ({ row }) => <RedemptionStatusChip status={row.status} /> },
    {
      field: 'actions',
      headerName: 'Actions',
      width: onAction ? 152 : 88,
      renderCell: ({ row, tabIndex }) => <RedemptionRowActions row={row} tabIndex={tabIndex} onAction={onAction} />,
    },
  ];
  return columns;
}

interface RedemptionsTableProps {
  /** The grid's accessible name. */
  label: string;
  /** Approve and reject on the rows (the Redemption List); without, the rows only link (Ratings). */
  withActions?: boolean;
}

/**
 * Redemptions paged, sorted and filtered by status on the server (state in the URL). With
 * actions: approve (PREPARATION: the prepare call) and reject (reason 'none'), each confirmed
 * first; afterwards the list goes back to its first page.
 */
export function RedemptionsTable({ label, withActions = false }: RedemptionsTableProps) {
  const product = useProductSymbol();
  const notify = useNotify();
  const list = useListUrlState(redemptionListQuery);
  const redemptions = useRedemptions(list.query);
  const prepare = usePrepareRedemption();
  const reject = useRejectRedemption();
  const [pending, setPending] = useState<{ action: ListAction; row: RedemptionListItem } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const columns = useMemo(
    () =>
      columnsFor(
        product,
        withActions
          ? (action, row) => {
              setPending({ action, row });
              setDialogOpen(true);
            }
          : undefined,
      ),
    [product, withActions],
  );

  const confirm = () => {
    if (!pending) return;
    const { action, row } = pending;
    const done =
      action === 'approve' ? prepare.mutateAsync({ id: row.id }) : reject.mutateAsync({ id: row.id, reason: LIST_REJECT_REASON });
    const message = action === 'approve' ? 'Redemption Approved Successfully' : 'Redemption Rejected Successfully';
    void reportOutcome(done, notify, message, () => list.setPagination({ page: 0, pageSize: list.pageSize })).finally(() =>
      setDialogOpen(false),
    );
  };

  return (
    <Stack spacing={2}>
      <RedemptionStatusFilter value={list.filters.status ?? ''} onChange={(status) => list.setFilter('status', status)} />
      <ServerDataGrid
        label={label}
        columns={columns}
        list={list}
        result={redemptions}
        noun={{ one: 'redemption', other: 'redemptions' }}
        errorTitle="Error fetching redemptions"
      />
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
    </Stack>
  );
}
