import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A page's body: its heading (the one h1 of the page), optional actions beside it, then the content. */
export function ContentLayout({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Stack spacing={3} component="section" aria-labelledby="page-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography id="page-heading" variant="h1">
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Stack>
  );
}
