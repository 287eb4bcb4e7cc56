import PendingActionsOutlinedIcon from '@mui/icons-material/PendingActionsOutlined';
import RuleOutlinedIcon from '@mui/icons-material/RuleOutlined';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { queryStat, StatCard } from '@/components/ui/stat-card';
import { useReconciliationSummary } from '../api/get-reconciliation-summary';

/** Above the reconciliation: how many differences need an operator, and how many are only in flight. */
export function ReconciliationSummaryCards() {
  const { t } = useTranslation();
  const summary = useReconciliationSummary();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <StatCard title={t('Differences')} icon={<RuleOutlinedIcon />} {...queryStat(summary, (data) => data.differences)} />
      <StatCard title={t('In flight')} icon={<PendingActionsOutlinedIcon />} {...queryStat(summary, (data) => data.inFlight)} />
    </Stack>
  );
}
