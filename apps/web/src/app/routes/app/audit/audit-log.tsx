import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { auditTable } from '@/features/audit/components/audit-table';
import { usePageTitle } from '@/app/route-handle';

/** /audit-log: who did what, to what, from where and when; read only (nothing can change or remove an entry). */
export function AuditLogRoute() {
  const title = usePageTitle();
  const { t } = useTranslation();
  const list = useList(auditTable);
  return (
    <ContentLayout title={title}>
      <Typography color="text.secondary">
        {t('Every change made in the back office, newest first. Days are WIB calendar days; entries cannot be changed or removed.')}
      </Typography>
      <ListTable list={list} />
    </ContentLayout>
  );
}
