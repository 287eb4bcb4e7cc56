import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AccountProfile } from '@gold/contract';
import { formatDateTime } from '@/lib/format';

/** The signed-in admin's name, e-mail and account facts, read-only. */
export function ProfileDetails({ profile }: { profile: AccountProfile }) {
  const fields = [
    { label: 'Fullname', value: profile.fullName },
    { label: 'Email', value: profile.email },
    { label: 'Role', value: profile.role },
    { label: 'Last sign-in', value: profile.lastSignInAt ? formatDateTime(profile.lastSignInAt) : '-' },
    { label: 'Password changed', value: formatDateTime(profile.passwordChangedAt) },
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' }, columnGap: 3, rowGap: 1.25, m: 0 }}
    >
      {fields.map(({ label, value }) => (
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
