import type { IdentityCheck, IdentityDocumentType } from '@gold/contract';
import { i18n } from '@/lib/i18n';
import { formatDateTime } from '@/lib/format';

/** The documents the counter accepts, as the console names them (English keys). */
export const identityDocumentLabels: Record<IdentityDocumentType, string> = {
  KTP: 'KTP (identity card)',
  PASSPORT: 'Passport',
  SIM: 'SIM (driving licence)',
};

/** One line for a recorded check: 'KTP (identity card) ending 1234, checked by Ayu at 27/11/2026 10.15'. */
export function describeIdentityCheck(check: IdentityCheck): string {
  return i18n.t('{{document}} ending {{last4}}, checked by {{name}} at {{time}}', {
    document: i18n.t(identityDocumentLabels[check.documentType]),
    last4: check.last4,
    name: check.checkedBy.fullName,
    time: formatDateTime(check.checkedAt),
  });
}
