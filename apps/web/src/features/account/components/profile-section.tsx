import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One titled part of the Profile page (its heading names the region for screen readers and tests). */
export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h3" component="h2">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}
