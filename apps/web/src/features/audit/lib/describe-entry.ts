import type { AuditAction, AuditEntry } from '@gold/contract';

/** English text to the console's language (i18next's t); a text without a translation comes back as it is. */
type Translate = (english: string) => string;

/**
 * Readable names of the actions the product writes, one for each (the contract's list); an action
 * the console does not know (an older or newer entry) is shown as the server names it.
 */
const actionLabels: Record<AuditAction, string> = {
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
  'admin.sign_in_locked': 'Sign-in attempts held back',
  'admin.sessions_ended': 'Other sessions ended',
  'contact.submit': 'Contact message received',
  'redemption.prepare': 'Redemption prepared',
  'redemption.approve': 'Redemption approved',
  'redemption.reject': 'Redemption rejected',
  'redemption.reset': 'Redemption reset',
  'redemption.otp-sent': 'Redemption code sent',
  'redemption.otp-failed': 'Redemption code wrong',
  'redemption.otp-verified': 'Redemption code checked',
  'redemption.identity-check': 'Identity document checked',
  'redemption.hand-over-proposed': 'Hand-over sent for confirmation',
  'denomination.create': 'Denomination created',
  'denomination.add-amount': 'Pieces added',
  'denomination.set-redeemable': 'Redeemable changed',
  'redemption-limit.set': 'Redemption limit set',
  'demo-data.seeded': 'Demo data loaded',
  'export.csv': 'List exported as CSV',
  'reserves.under-backed': 'Reserves under-backed',
  'reserves.backed': 'Reserves backed again',
  'credential.create': 'Credential created',
  'credential.revoke': 'Credential revoked',
  'platform.customer-register': 'Customer registered by the platform',
  'platform.customer-update': 'Customer updated by the platform',
  'platform.kyc-record': 'KYC result recorded',
  'platform.purchase-record': 'Purchase recorded',
  'platform.purchase-mint-link': 'Purchase linked to its mint',
  'platform.price-record': 'Price recorded',
  'platform.redemption-request': 'Redemption requested',
  'platform.redemption-cancel': 'Redemption cancelled',
  'platform.webhook-subscribe': 'Webhook subscribed',
  'platform.webhook-unsubscribe': 'Webhook unsubscribed',
  'webhook.resend': 'Webhook delivery re-sent',
  'redemption.escrow-confirmed': 'Escrow confirmed on chain',
  'settlement.refund-queued': 'Refund queued',
  'settlement.transaction-retried': 'Chain transaction retried',
  'vault.location-create': 'Vault location added',
  'confirmation.propose': 'Sent for confirmation',
  'confirmation.confirm': 'Confirmation confirmed',
  'confirmation.decline': 'Confirmation declined',
  'confirmation.withdraw': 'Confirmation withdrawn',
};

export function actionLabel(action: string): string {
  return (actionLabels as Record<string, string>)[action] ?? action;
}

/** What was acted on, in the console's language: `admin 5`, `redemption 12`, `contact message 3` (`penukaran 12`). */
export function targetOf(entry: Pick<AuditEntry, 'entity' | 'entityId'>, translate: Translate): string {
  const kind = translate(entry.entity.replace(/_/g, ' '));
  return entry.entityId ? `${kind} ${entry.entityId}` : kind;
}

/** A stored state in the console's language (Activated, REQUESTED, under-backed: the words each screen shows); a limit's grams as they are. */
function stateText(state: string | null, translate: Translate): string {
  return state === null ? '-' : translate(state);
}

function valueText(key: string, value: unknown, translate: Translate): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  // A status inside the details is a state like the ones before and after the arrow; other values (names, reasons) are data.
  return key === 'status' ? stateText(String(value), translate) : String(value);
}

/** `before.status: Activated` lines from nested details (before/after values, reasons, counts), in the server's order. */
function flatten(details: Record<string, unknown>, translate: Translate, prefix = ''): string[] {
  return Object.entries(details).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? flatten(value as Record<string, unknown>, translate, `${prefix}${key}.`)
      : [`${prefix}${key}: ${valueText(key, value, translate)}`],
  );
}

/**
 * The change in one line: `Activated → Not Activated`, then the details (`before.status: ...; after.status: ...`).
 * The states are in the console's language; the details' field names stay as the server writes them,
 * like the action's own name under its label.
 */
export function changeOf(entry: Pick<AuditEntry, 'fromState' | 'toState' | 'details'>, translate: Translate): string {
  const states =
    entry.fromState || entry.toState ? `${stateText(entry.fromState, translate)} → ${stateText(entry.toState, translate)}` : '';
  const details = entry.details ? flatten(entry.details, translate).join('; ') : '';
  return [states, details].filter(Boolean).join(' · ') || '-';
}
