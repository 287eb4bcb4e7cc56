import { useCallback, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { contactListQuery, contactPageSize } from '@gold/contract';
import { isApiError } from '@/lib/api-client';
import { useContacts } from '../api/get-contacts';
import { ContactCard } from './contact-card';

/** The page in the URL (`?page=2`, counted from 1); anything else is the first page. */
function readPage(params: URLSearchParams): number {
  const text = params.get('page') ?? '';
  return /^[1-9]\d{0,6}$/.test(text) ? Number(text) : 1;
}

/** The messages as cards, newest first, 6 to a page, paged on the server; the page in the URL. */
export function ContactCards() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const contacts = useContacts(contactListQuery.parse({ limit: contactPageSize, page: page - 1 }));

  const goTo = useCallback(
    (next: number, replace = false) => {
      const search = new URLSearchParams(params);
      if (next > 1) search.set('page', String(next));
      else search.delete('page');
      setParams(search, { replace, preventScrollReset: true });
    },
    [params, setParams],
  );
  const total = contacts.data?.total;
  const lastPage = total === undefined ? undefined : Math.max(1, Math.ceil(total / contactPageSize));
  // A page past the end (a link kept from when there were more messages) goes to the last page.
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage && !contacts.isFetching) goTo(lastPage, true);
  }, [lastPage, page, contacts.isFetching, goTo]);

  if (contacts.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading contacts" />
      </Box>
    );
  }
  if (contacts.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" loading={contacts.isFetching} onClick={() => void contacts.refetch()}>
            Retry
          </Button>
        }
      >
        {isApiError(contacts.error) ? contacts.error.message : 'The server sent an answer the console cannot read.'}
      </Alert>
    );
  }
  const { data = [] } = contacts.data ?? {};
  const pages = lastPage ?? 1;
  if (!total) return <Typography color="text.secondary">No contact data yet!</Typography>;
  return (
    <Stack spacing={2.5} aria-busy={contacts.isFetching}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {data.map((contact) => (
          <ContactCard key={contact.id} contact={contact} />
        ))}
      </Box>
      {pages > 1 ? (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, value) => goTo(value)}
          color="primary"
          sx={{ alignSelf: 'center' }}
          aria-label="Contact pages"
        />
      ) : null}
    </Stack>
  );
}
