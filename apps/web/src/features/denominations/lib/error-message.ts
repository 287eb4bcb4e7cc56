import { isApiError } from '@/lib/api-client';

/** The server's own message for a failed call; a generic one when the answer could not be read. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : 'The server sent an answer the console cannot read.';
}

/** A spec notice followed by the server's reason: 'Error adding amount: amount must be positive'. */
export function failureNotice(notice: string, error: unknown): string {
  return `${notice}: ${errorMessage(error)}`;
}
