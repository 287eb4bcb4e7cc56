import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { webhookDeliveryStatuses, type WebhookDelivery, type WebhookDeliveryStatus } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, orDash } from '@/lib/format';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhook-deliveries';

const pageSize = 25;
const statusColor = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

/** The outbox: each delivery's status, attempts and last answer, newest first; a delivered or failed one can be sent again. */
export function WebhookDeliveriesTable() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [page, setPage] = useState(0);
  const deliveries = useWebhookDeliveries({ status: status || undefined, page, limit: pageSize });
  return (
    <Stack spacing={2}>
      <TextField
        select
        id="delivery-status"
        label={t('Status')}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as WebhookDeliveryStatus | '');
          setPage(0);
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ maxWidth: 220 }}
      >
        <MenuItem value="">{t('All')}</MenuItem>
        {webhookDeliveryStatuses.map((s) => (
          <MenuItem key={s} value={s}>
            {t(s)}
          </MenuItem>
        ))}
      </TextField>
      <QueryState query={deliveries} isEmpty={(data) => data.total === 0} empty={t('No deliveries yet.')}>
        {({ data, total }) => (
          <>
            <DeliveryRows rows={data} />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                {t('Previous')}
              </Button>
              <Typography variant="body2">
                {t('Page {{page}} of {{pages}} ({{total}} deliveries)', {
                  page: page + 1,
                  pages: Math.max(1, Math.ceil(total / pageSize)),
                  total,
                })}
              </Typography>
              <Button disabled={(page + 1) * pageSize >= total} onClick={() => setPage((p) => p + 1)}>
                {t('Next')}
              </Button>
            </Stack>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function DeliveryRows({ rows }: { rows: WebhookDelivery[] }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const resend = useResendDelivery();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('Webhook delivery list')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Event')}</TableCell>
            <TableCell>{t('Receiver')}</TableCell>
            <TableCell>{t('Status')}</TableCell>
            <TableCell>{t('Attempts')}</TableCell>
            <TableCell>{t('Last Answer')}</TableCell>
            <TableCell>{t('Created')}</TableCell>
            <TableCell>{t('Next Attempt')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                {row.eventType}
                <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
                  {row.id}
                </Typography>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>
                {row.url}
                <Typography variant="caption" component="div">
                  {row.credential.name}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip size="small" label={t(row.status)} color={statusColor[row.status]} />
              </TableCell>
              <TableCell>{row.attempts}</TableCell>
              <TableCell>{orDash(row.lastResponseStatus ?? row.lastError)}</TableCell>
              <TableCell>{formatDateTime(row.createdAt)}</TableCell>
              <TableCell>{orDash(row.nextAttemptAt ? formatDateTime(row.nextAttemptAt) : null)}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  disabled={row.status === 'pending' || resend.isPending}
                  aria-label={t('Re-send {{id}}', { id: row.id })}
                  onClick={() =>
                    resend.mutate(row.id, {
                      onSuccess: () => notify.success(t('Delivery queued again')),
                      onError: (error) => notify.error(`${t('Delivery not queued')}: ${errorMessage(error)}`),
                    })
                  }
                >
                  {t('Re-send')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
