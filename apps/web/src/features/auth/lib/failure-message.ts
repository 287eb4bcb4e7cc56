import { ApiError } from '@/lib/api-client';
import { i18n, translateServerMessage } from '@/lib/i18n';

/** The server's message in the console's language, and when to try again while throttled (429 with Retry-After). */
export function failureMessage(error: Error): string {
  if (!(error instanceof ApiError)) return translateServerMessage(error.message);
  // 'body.code: the code is not valid': the field is the one the message is shown under.
  const message = translateServerMessage(error.message.replace(/^body\.\w+: /, ''));
  if (error.status === 429 && error.retryAfterSeconds) {
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    return minutes === 1
      ? i18n.t('{{message}} Try again in 1 minute.', { message })
      : i18n.t('{{message}} Try again in {{minutes}} minutes.', { message, minutes });
  }
  return message;
}

/** The server's messages for a wrong code; any other 401 of a sign-in step means the step expired or was used. */
const WRONG_CODE = 'Invalid code';

/** A refused second step whose token no longer counts: only signing in again helps. */
export function isExpiredStep(error: Error | null): boolean {
  return error instanceof ApiError && error.status === 401 && error.message !== WRONG_CODE;
}
