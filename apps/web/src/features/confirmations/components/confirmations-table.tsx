import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  confirmationKinds,
  confirmationListQuery,
  confirmationStatuses,
  type Confirmation,
  type ConfirmationListQuery,
} from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { formatDateTime, orDash } from '@/lib/format';
import { confirmationsList } from '../api/get-confirmations';
import { ConfirmationStatusChip, confirmationKindLabels, confirmationStatusLabels, KindText } from './confirmation-labels';

/** The summary on two lines at most, whole on hover: it names the pieces, grams, location and reference. */
function Summary({ text }: { text: string }) {
  return (
    <Typography
      variant="body2"
      title={text}
      sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', whiteSpace: 'normal', overflow: 'hidden' }}
    >
      {text}
    </Typography>
  );
}

/** What a row may offer the signed-in admin, and the dialogs its buttons open. */
export interface DecisionContext {
  /** The signed-in admin: their own proposals offer Withdraw, never Confirm. */
  adminId: number | undefined;
  mayConfirm: boolean;
  mayWithdraw: boolean;
  ask: (decision: 'confirm' | 'decline' | 'withdraw', row: Confirmation) => void;
}

function Actions({ row, tabIndex, context }: { row: Confirmation; tabIndex: 0 | -1; context: DecisionContext }) {
  const { t } = useTranslation();
  if (row.status !== 'pending') {
    if (!row.checker) return null;
    // A decline says why (in full on hover): the maker reads it here.
    const text = row.declineReason
      ? t('by {{name}}: {{reason}}', { name: row.checker.fullName, reason: row.declineReason })
      : t('by {{name}}', { name: row.checker.fullName });
    return (
      <Typography variant="body2" title={text} noWrap>
        {text}
      </Typography>
    );
  }
  const own = row.maker.id === context.adminId;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      {own && context.mayWithdraw ? (
        <Button
          size="small"
          color="warning"
          tabIndex={tabIndex}
          aria-label={t('Withdraw confirmation {{id}}', { id: row.id })}
          onClick={() => context.ask('withdraw', row)}
        >
          {t('Withdraw')}
        </Button>
      ) : null}
      {!own && context.mayConfirm ? (
        <>
          <Button
            size="small"
            variant="contained"
            tabIndex={tabIndex}
            aria-label={t('Confirm confirmation {{id}}', { id: row.id })}
            onClick={() => context.ask('confirm', row)}
          >
            {t('Confirm')}
          </Button>
          <Button
            size="small"
            color="error"
            tabIndex={tabIndex}
            aria-label={t('Decline confirmation {{id}}', { id: row.id })}
            onClick={() => context.ask('decline', row)}
          >
            {t('Decline')}
          </Button>
        </>
      ) : null}
      {own && !context.mayWithdraw ? <Typography variant="body2">{t('Yours: another admin confirms it')}</Typography> : null}
    </Stack>
  );
}

/**
 * /confirmations: the four-eyes list, pending first then newest first: what was proposed, how many
 * grams, where, by whom and when. A pending one offers Confirm and Decline to another admin who may
 * confirm, and Withdraw to its maker.
 */
export const confirmationsTable = defineList<ConfirmationListQuery, Confirmation, { decisions: DecisionContext }>({
  id: 'confirmations',
  label: 'Confirmations',
  query: confirmationListQuery,
  call: confirmationsList,
  noun: { one: 'confirmation', other: 'confirmations' },
  errorTitle: 'Error fetching the confirmations',
  filters: [
    {
      kind: 'select',
      name: 'status',
      label: 'Status',
      allLabel: 'All statuses',
      options: confirmationStatuses.map((status) => ({ value: status, label: confirmationStatusLabels[status] })),
      minWidth: 160,
    },
    {
      kind: 'select',
      name: 'kind',
      label: 'Kind',
      allLabel: 'All kinds',
      options: confirmationKinds.map((kind) => ({ value: kind, label: confirmationKindLabels[kind] })),
      minWidth: 180,
    },
  ],
  columns: ({ decisions }) => [
    {
      field: 'createdAt',
      headerName: 'Time',
      width: 170,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
    },
    { field: 'kind', headerName: 'Kind', width: 130, renderCell: ({ row }) => <KindText kind={row.kind} /> },
    { field: 'summary', headerName: 'Summary', flex: 1, minWidth: 180, renderCell: ({ row }) => <Summary text={row.summary} /> },
    { field: 'grams', headerName: 'Grams', width: 80, type: 'number', headerAlign: 'right' },
    {
      field: 'location',
      headerName: 'Location',
      width: 90,
      // The summary names the location too: the first column to go on a narrow screen.
      optional: 1,
      valueGetter: (_value: never, row: Confirmation) => orDash(row.location?.code),
    },
    {
      field: 'maker',
      headerName: 'Proposed by',
      width: 140,
      optional: 2,
      valueGetter: (_value: never, row: Confirmation) => row.maker.fullName,
    },
    { field: 'status', headerName: 'Status', width: 110, renderCell: ({ row }) => <ConfirmationStatusChip status={row.status} /> },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 180,
      hideable: false,
      renderCell: ({ row, tabIndex }) => <Actions row={row} tabIndex={tabIndex} context={decisions} />,
    },
  ],
});
