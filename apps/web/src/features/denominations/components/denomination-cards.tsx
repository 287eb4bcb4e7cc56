import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CARDS_PER_PAGE } from '@/config/constants';
import { useDenominations } from '../api/get-denominations';
import { errorMessage } from '../lib/error-message';
import { DenominationCard } from './denomination-card';

/** The vault's denominations as cards, largest denom first, 6 to a page. */
export function DenominationCards() {
  const denominations = useDenominations();
  const [page, setPage] = useState(1);

  if (denominations.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading denominations" />
      </Box>
    );
  }
  if (denominations.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void denominations.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(denominations.error)}
      </Alert>
    );
  }
  const sorted = [...denominations.data.data].sort((a, b) => b.denom - a.denom);
  if (sorted.length === 0) return <Typography color="text.secondary">No denoms data yet!</Typography>;

  const pages = Math.ceil(sorted.length / CARDS_PER_PAGE);
  // A page past the end (fewer denominations than before) shows the last one.
  const shown = Math.min(page, pages);
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {sorted.slice((shown - 1) * CARDS_PER_PAGE, shown * CARDS_PER_PAGE).map((denomination) => (
          <DenominationCard key={denomination.id} denomination={denomination} />
        ))}
      </Box>
      {pages > 1 ? (
        <Pagination count={pages} page={shown} onChange={(_event, value) => setPage(value)} color="primary" sx={{ alignSelf: 'center' }} />
      ) : null}
    </Stack>
  );
}
