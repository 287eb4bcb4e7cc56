import { isApiError } from '@/lib/api-client';
import { i18n, translateServerMessage } from '@/lib/i18n';

/**
 * The field problems of a refused form, from the server's 400 (its `issues`, or a message such as
 * 'body.currentPassword: the current password is wrong'), keyed by field; what names no field of
 * the form is under `form`.
 */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F | 'form', string>> {
  const errors: Partial<Record<F | 'form', string>> = {};
  if (!(error instanceof Error)) return errors;
  // Schema refusals list each field in `issues`; a rule of the service names one field at the start of its message.
  const match = /^(body\.\w+): (.*)$/s.exec(error.message);
  const parts =
    isApiError(error, 400) && error.issues?.length
      ? error.issues
      : [match ? { path: match[1]!, message: match[2]! } : { path: '', message: error.message }];
  for (const { path, message } of parts) {
    const field = fields.find((name) => path === `body.${name}`);
    const key = field ?? 'form';
    const shown = translateServerMessage(message);
    errors[key] = errors[key] ? `${errors[key]} ${shown}` : shown;
  }
  if (isApiError(error) && error.status === 429 && error.retryAfterSeconds && errors.form) {
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    errors.form =
      minutes === 1
        ? i18n.t('{{message}} Try again in 1 minute.', { message: errors.form })
        : i18n.t('{{message}} Try again in {{minutes}} minutes.', { message: errors.form, minutes });
  }
  return errors;
}
