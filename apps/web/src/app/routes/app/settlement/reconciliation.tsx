import Stack from '@mui/material/Stack';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ReconciliationSummaryCards } from '@/features/settlement/components/reconciliation-summary';
import { reconciliationTable } from '@/features/settlement/components/reconciliation-table';
import { SettlementTabs } from '@/features/settlement/components/settlement-tabs';
import { usePageTitle } from '@/app/route-handle';

/** /settlement: the reconciliation's counts, then every difference oldest first, with its CSV. */
export function ReconciliationRoute() {
  const title = usePageTitle();
  const list = useList(reconciliationTable);
  return (
    <ContentLayout title={title}>
      <SettlementTabs />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <ReconciliationSummaryCards />
        <CsvExportButton list={list} />
      </Stack>
      <ListTable list={list} />
    </ContentLayout>
  );
}
