import { isApiError } from '@/lib/api-client';

/**
 * The form field a 400 names (`body.password: password is too common` -> password), with the
 * message without the prefix; null when the message names no field of `fields`.
 */
export function fieldOfError<Field extends string>(error: unknown, fields: readonly Field[]): { field: Field; message: string } | null {
  if (!isApiError(error)) return null;
  const match = /^body\.([A-Za-z]+): (.+)$/.exec(error.message);
  if (!match) return null;
  const field = fields.find((name) => name === match[1]);
  return field ? { field, message: match[2]! } : null;
}
