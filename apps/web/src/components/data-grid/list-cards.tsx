import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import { QueryState } from '@/components/query-state';
import type { ListCallQuery } from '@/lib/list-call';
import type { CardListDeclaration } from './list-declaration';
import type { BaseListQuery } from './list-url';
import type { List } from './use-list';
import { useTranslation } from 'react-i18next';

/**
 * A declared card list: one page of cards read from the server, the page in the URL (`?page=2`,
 * counted from 1, as every list), a pager when there is more than one page.
 */
export function ListCards<Query extends BaseListQuery & ListCallQuery, Row extends { id: number }>({
  list,
}: {
  /** The screen's list (`useList(declaration)`). */
  list: List<Query, Row, CardListDeclaration<Query, Row>>;
}) {
  const { t } = useTranslation();
  const { declaration, result, page, pageSize, lastPage, setPagination } = list;

  return (
    <QueryState
      query={result}
      loadingLabel={t(declaration.loadingLabel)}
      isEmpty={(data) => data.total === 0}
      empty={t(declaration.emptyText)}
    >
      {(data) => (
        <Stack spacing={2.5} aria-busy={result.isFetching}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
            {data.data.map((row) => (
              <Fragment key={row.id}>{declaration.card(row)}</Fragment>
            ))}
          </Box>
          {lastPage ? (
            <Pagination
              count={lastPage + 1}
              page={Math.min(page, lastPage) + 1}
              onChange={(_event, value) => setPagination({ page: value - 1, pageSize })}
              color="primary"
              sx={{ alignSelf: 'center' }}
              aria-label={t(declaration.pagesLabel)}
            />
          ) : null}
        </Stack>
      )}
    </QueryState>
  );
}
