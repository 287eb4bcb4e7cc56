import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { formatDateTime, orDash } from '@/lib/format';
import { useRedemptionHistory } from '../api/get-redemption-history';
import { redemptionActionTexts } from '../lib/action-texts';
import { ReviewSection } from './review-section';

/** The audit log's words for what happened (English keys, translated where shown); an action the console does not know yet is shown as it is. */
const actionLabels: Record<string, string> = {
  ...Object.fromEntries(Object.entries(redemptionActionTexts).map(([action, texts]) => [action, texts.happened])),
  'otp-sent': 'Code sent',
  'otp-failed': 'Wrong code entered',
  'otp-verified': 'Code checked',
  'identity-check': 'Identity document checked',
  'hand-over-proposed': 'Hand-over sent for confirmation',
  // The backend's: the customer's escrow transfer became final (no admin).
  'escrow-confirmed': 'Escrow confirmed (tokens held)',
  // The platform's calls for its customer (the audit log's words).
  'platform.redemption-request': 'Redemption requested',
  'platform.redemption-cancel': 'Redemption cancelled',
};

/** The redemption's history from the audit log, oldest first: who, action, from, to, reason, time. */
export function RedemptionHistoryTable({ id }: { id: number }) {
  const { t } = useTranslation();
  const history = useRedemptionHistory(id);
  return (
    <ReviewSection id="history" title={t('History')}>
      <QueryState query={history} isEmpty={(data) => data.data.length === 0} empty={t('Nothing has happened to this redemption yet.')}>
        {({ data: entries }) => (
          <TableContainer>
            <Table size="small" aria-labelledby="history-heading">
              <TableHead>
                <TableRow>
                  <TableCell>{t('Time')}</TableCell>
                  <TableCell>{t('Admin')}</TableCell>
                  <TableCell>{t('Action')}</TableCell>
                  <TableCell>{t('From')}</TableCell>
                  <TableCell>{t('To')}</TableCell>
                  <TableCell>{t('Reason')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.occurredAt)}</TableCell>
                    <TableCell>
                      {orDash(entry.admin?.fullName)}
                      {entry.confirmedBy ? ` (${t('confirmed by {{name}}', { name: entry.confirmedBy.fullName })})` : ''}
                    </TableCell>
                    <TableCell>{t(actionLabels[entry.action] ?? entry.action)}</TableCell>
                    <TableCell>{entry.from ? t(entry.from) : orDash(entry.from)}</TableCell>
                    <TableCell>{entry.to ? t(entry.to) : orDash(entry.to)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{orDash(entry.reason)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
    </ReviewSection>
  );
}
