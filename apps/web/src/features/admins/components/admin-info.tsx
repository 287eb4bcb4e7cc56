import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AdminDetail } from '@gold/contract';
import { formatDateTime, orDash } from '@/lib/format';
import { AdminStatusChip } from './admin-status-chip';

/** View Admin Detail's read-only information, as a description list. */
export function AdminInfo({ admin }: { admin: AdminDetail }) {
  const fields: Array<[string, React.ReactNode]> = [
    ['Fullname', admin.fullName],
    ['Email', admin.email],
    ['Phone Number', orDash(admin.phoneNumber)],
    ['Role', admin.type],
    ['Status', <AdminStatusChip key="status" status={admin.status} />],
    ['Two-factor Sign-in', admin.twoFactorEnabled ? 'On (authenticator app)' : 'Off'],
    ['Registered', formatDateTime(admin.createdAt)],
    ['Last Sign-in', formatDateTime(admin.lastSignInAt)],
    ['Password Changed', formatDateTime(admin.passwordChangedAt)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' }, columnGap: 3, rowGap: 1.25, m: 0 }}
    >
      {fields.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
