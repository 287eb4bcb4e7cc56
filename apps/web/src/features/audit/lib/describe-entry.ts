import type { AuditEntry } from '@gold/contract';

/** Readable names of the actions the product writes; an action the console does not know is shown as the server names it. */
const actionLabels: Record<string, string> = {
  'admin.bootstrap': 'First admin created',
  'admin.sign_in': 'Signed in',
  'admin.sign_out': 'Signed out',
  'admin.add': 'Admin added',
  'admin.edit': 'Admin updated',
  'admin.delete': 'Admin deleted',
  'admin.password_change': 'Password changed',
  'admin.profile_update': 'Profile updated',
  'admin.two_factor_enable': 'Two-factor enabled',
  'admin.two_factor_reset': 'Two-factor reset',
  'admin.recovery_code_used': 'Recovery code used',
  'contact.submit': 'Contact message received',
  'redemption.prepare': 'Redemption prepared',
  'redemption.approve': 'Redemption approved',
  'redemption.reject': 'Redemption rejected',
  'redemption.reset': 'Redemption reset',
  'redemption.otp-sent': 'Redemption code sent',
  'redemption.otp-failed': 'Redemption code wrong',
  'redemption.otp-verified': 'Redemption code checked',
  'denomination.create': 'Denomination created',
  'denomination.add-amount': 'Pieces added',
  'denomination.set-redeemable': 'Redeemable changed',
  'redemption-limit.set': 'Redemption limit set',
  'demo-data.seeded': 'Demo data loaded',
};

export function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

/** What was acted on: `admin 5`, `redemption 12`, `contact_message 3`. */
export function targetOf(entry: Pick<AuditEntry, 'entity' | 'entityId'>): string {
  return entry.entityId ? `${entry.entity.replace(/_/g, ' ')} ${entry.entityId}` : entry.entity.replace(/_/g, ' ');
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `before.status: Activated` lines from nested details (before/after values, reasons, counts), in the server's order. */
function flatten(details: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(details).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? flatten(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}: ${valueText(value)}`],
  );
}

/** The change in one line: `Activated → Not Activated`, then the details (`before.status: ...; after.status: ...`). */
export function changeOf(entry: Pick<AuditEntry, 'fromState' | 'toState' | 'details'>): string {
  const states = entry.fromState || entry.toState ? `${entry.fromState ?? '-'} → ${entry.toState ?? '-'}` : '';
  const details = entry.details ? flatten(entry.details).join('; ') : '';
  return [states, details].filter(Boolean).join(' · ') || '-';
}
