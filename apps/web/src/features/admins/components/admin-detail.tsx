import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { AdminDetail } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useAdmin } from '../api/get-admin';
import { AdminEditForm } from './admin-edit-form';
import { AdminInfo } from './admin-info';
import { ResetTwoFactorButton } from './reset-two-factor-button';
import { useDeleteAdminAction } from './delete-admin';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/lib/permissions';

interface AdminDetailViewProps {
  id: number;
  signedInAdminId: number | undefined;
}

/** View Admin Detail: the admin read-only, status and password ('Update Information'), reset two-factor, delete. */
export function AdminDetailView({ id, signedInAdminId }: AdminDetailViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const admin = useAdmin(id);
  const removal = useDeleteAdminAction({ onRemoved: () => void navigate(paths.app.admins.getHref()) });

  return (
    <>
      <QueryState
        query={admin}
        loadingLabel={t('Loading admin')}
        errorAction={
          <Button color="inherit" size="small" component={RouterLink} to={paths.app.admins.getHref()}>
            {t('Admin List')}
          </Button>
        }
      >
        {(data) => <AdminSections admin={data} isSelf={data.id === signedInAdminId} onDelete={() => removal.ask(data)} />}
      </QueryState>
      {removal.dialogs}
    </>
  );
}

/** The admin's information, its status and password form, and the access section. */
function AdminSections({ admin, isSelf, onDelete }: { admin: AdminDetail; isSelf: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  // Only a role that manages admins sees their forms and access buttons; others read.
  const mayManage = usePermission('admins');
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Paper variant="outlined" component="section" aria-labelledby="admin-info-heading" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="admin-info-heading" variant="h2" sx={{ mb: 2 }}>
          {t('Admin Information')}
        </Typography>
        <AdminInfo admin={admin} />
      </Paper>
      {mayManage && (
        <Paper variant="outlined" component="section" aria-labelledby="admin-update-heading" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography id="admin-update-heading" variant="h2" sx={{ mb: 2 }}>
            {t('Status and Password')}
          </Typography>
          {/* A new form for each admin: its fields start from that admin's status. */}
          <AdminEditForm key={admin.id} admin={admin} isSelf={isSelf} />
        </Paper>
      )}
      {!mayManage || (isSelf && !admin.twoFactorEnabled) ? null : (
        <Paper variant="outlined" component="section" aria-labelledby="admin-danger-heading" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography id="admin-danger-heading" variant="h2" sx={{ mb: 1 }}>
            {t('Access')}
          </Typography>
          <Divider sx={{ mb: 2 }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {admin.twoFactorEnabled ? <ResetTwoFactorButton admin={admin} /> : null}
            {isSelf ? null : (
              <Button variant="contained" color="error" onClick={onDelete}>
                {t('Delete Admin')}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
