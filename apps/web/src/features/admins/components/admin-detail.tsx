import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAdmin } from '../api/get-admin';
import { errorMessage } from '../lib/error-message';
import { AdminEditForm } from './admin-edit-form';
import { AdminInfo } from './admin-info';
import { ResetTwoFactorButton } from './reset-two-factor-button';
import { useDeleteAdminAction } from './delete-admin';

interface AdminDetailViewProps {
  id: number;
  signedInAdminId: number | undefined;
}

/** View Admin Detail: the admin read-only, status and password ('Update Information'), reset two-factor, delete. */
export function AdminDetailView({ id, signedInAdminId }: AdminDetailViewProps) {
  const navigate = useNavigate();
  const admin = useAdmin(id);
  const removal = useDeleteAdminAction({ onRemoved: () => void navigate(paths.app.admins.getHref()) });

  if (admin.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading admin" />
      </Box>
    );
  }
  if (admin.isError) {
    return (
      <>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={paths.app.admins.getHref()}>
              Admin List
            </Button>
          }
        >
          {errorMessage(admin.error)}
        </Alert>
        {removal.dialogs}
      </>
    );
  }

  const data = admin.data;
  const isSelf = data.id === signedInAdminId;
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Paper variant="outlined" component="section" aria-labelledby="admin-info-heading" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="admin-info-heading" variant="h2" sx={{ mb: 2 }}>
          Admin Information
        </Typography>
        <AdminInfo admin={data} />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="admin-update-heading" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="admin-update-heading" variant="h2" sx={{ mb: 2 }}>
          Status and Password
        </Typography>
        {/* A new form for each admin: its fields start from that admin's status. */}
        <AdminEditForm key={data.id} admin={data} isSelf={isSelf} />
      </Paper>
      {isSelf && !data.twoFactorEnabled ? null : (
        <Paper variant="outlined" component="section" aria-labelledby="admin-danger-heading" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography id="admin-danger-heading" variant="h2" sx={{ mb: 1 }}>
            Access
          </Typography>
          <Divider sx={{ mb: 2 }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {data.twoFactorEnabled ? <ResetTwoFactorButton admin={data} /> : null}
            {isSelf ? null : (
              <Button variant="contained" color="error" onClick={() => removal.ask(data)}>
                Delete Admin
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {removal.dialogs}
    </Stack>
  );
}
