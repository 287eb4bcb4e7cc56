import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Field {
  label: string;
  value: ReactNode;
}

/** Read-only label and value pairs as a description list (a screen reader reads each label with its value). */
export function FieldList({ fields }: { fields: readonly Field[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(180px, max-content) 1fr' }, columnGap: 3, rowGap: 1.25, m: 0 }}
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
