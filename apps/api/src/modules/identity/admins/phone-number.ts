import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { badRequest } from '../../../lib/http-errors';

/**
 * A phone number as typed, checked and put in E.164 (`+6281234567890`): without a +country code it
 * is read as Indonesian (the form's default country). Empty or null means none. A number that is
 * not a real one is a 400 naming the field.
 */
export function normalisePhoneNumber(input: string | null | undefined, field: string): string | null {
  const text = input?.trim() ?? '';
  if (text === '') return null;
  const parsed = parsePhoneNumberFromString(text, 'ID');
  if (!parsed || !parsed.isValid()) throw badRequest(`${field}: phoneNumber is not a valid phone number`);
  return parsed.number;
}
