import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from './error-message';

/** A count card's props from the query that feeds it: the value formatted, loading, the server's message, Retry. */
export function statProps<Data>(query: UseQueryResult<Data>, format: (data: Data) => string) {
  return {
    value: query.data === undefined ? undefined : format(query.data),
    loading: query.isPending,
    error: query.isError ? errorMessage(query.error) : null,
    onRetry: () => void query.refetch(),
  };
}

const wholeNumber = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** A count in the Indonesian format: 1.234.567. */
export const formatCount = (count: number) => wholeNumber.format(count);
