import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { API_BASE_URL } from '@/lib/api-client';
import type { CsvExportResource } from './list-declaration';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/lib/permissions';

interface ExportableQuery {
  limit?: number;
  page?: number;
  sort: string;
  order: 'asc' | 'desc';
  [filter: string]: unknown;
}

/**
 * The export address of a list for the query the table shows: the same sort, order and
 * filters, without `limit` and `page` (the export holds every row the filters select).
 */
export function csvExportHref(resource: CsvExportResource, query: ExportableQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (name === 'limit' || name === 'page' || value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  return `${API_BASE_URL}/admin/export/${resource}.csv?${params.toString()}`;
}

interface CsvExportButtonProps {
  /** The screen's list (`useList(declaration)`): its query for the page shown, and its declaration's export. */
  list: {
    declaration: { exportResource?: CsvExportResource | undefined };
    query: ExportableQuery;
    filters: Readonly<Record<string, string>>;
  };
}

/**
 * 'Export CSV' above a list: a plain download link, so the browser streams the server's file to
 * disk (nothing of it is held in the page) and sends the session cookie as for every API call.
 * The server names the file (`transactions-2026-11-23.csv`).
 */
export function CsvExportButton({ list }: CsvExportButtonProps) {
  const { t } = useTranslation();
  const filtered = Object.keys(list.filters).length > 0;
  const resource = list.declaration.exportResource;
  // Exports carry personal data: only a role with the export permission gets the link.
  const mayExport = usePermission('export');
  if (!resource || !mayExport) return null;
  return (
    <Button
      component="a"
      href={csvExportHref(resource, list.query)}
      download
      variant="outlined"
      startIcon={<FileDownloadOutlinedIcon />}
      aria-label={filtered ? t('Export CSV of the rows that match the filter') : t('Export CSV of every row')}
      sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, whiteSpace: 'nowrap' }}
    >
      {t('Export CSV')}
    </Button>
  );
}
