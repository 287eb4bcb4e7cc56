import { DISPLAY_TIME_ZONE, SHORT_TEXT_LENGTH, TIME_SLOT_HOURS } from '@/config/constants';

/** Shown where a value is missing. */
export const MISSING = '-';

/**
 * Shortens `text` to its first `max` characters followed by '...' (names, hashes, addresses).
 * Counts characters, not UTF-16 units, so a name is never cut inside an emoji or accent pair.
 */
export function shorten(text: string | null | undefined, max: number = SHORT_TEXT_LENGTH): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}...`;
}

/** The value, or a dash when it is missing or blank. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  const text = String(value).trim();
  return text === '' ? MISSING : text;
}

const DECIMAL_LITERAL = /^-?\d+(\.\d+)?$/;

type Amount = string | number | bigint | null | undefined;

function toExactNumeric(value: Amount): `${number}` | number | bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  // Strings are formatted as exact decimals (Intl.NumberFormat accepts them), never through a float.
  return DECIMAL_LITERAL.test(text) ? (text as `${number}`) : null;
}

const idr = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });

/** A rupiah amount in the Indonesian format, e.g. `Rp 1.250.000` (whole rupiah). */
export function formatIdr(value: Amount): string {
  const exact = toExactNumeric(value);
  return exact === null ? MISSING : idr.format(exact);
}

const tokenAmount = new Intl.NumberFormat('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A token amount with 2 decimals in the Indonesian format, e.g. `1.234,57`.
 * Decimal strings (as the API sends exact amounts) are rounded half away from zero without floats.
 */
export function formatTokenAmount(value: Amount): string {
  const exact = toExactNumeric(value);
  return exact === null ? MISSING : tokenAmount.format(exact);
}

/** Base units (e.g. wei) to an exact decimal string: `formatUnits(1500000000000000000n, 18)` is `'1.5'`. */
export function formatUnits(baseUnits: bigint, decimals = 18): string {
  const negative = baseUnits < 0n;
  const digits = (negative ? -baseUnits : baseUnits).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const twoDigits = (hour: number) => String(hour).padStart(2, '0');

/** A collection time slot: the 2-hour window starting at `startHour`, e.g. `08:00 - 10:00 WIB`. */
export function formatTimeSlot(startHour: number | null | undefined): string {
  if (startHour === null || startHour === undefined || !Number.isInteger(startHour)) return MISSING;
  return `${twoDigits(startHour)}:00 - ${twoDigits(startHour + TIME_SLOT_HOURS)}:00 WIB`;
}

const dateFormat = new Intl.DateTimeFormat('id-ID', { timeZone: DISPLAY_TIME_ZONE, day: '2-digit', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: DISPLAY_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date in Jakarta time, e.g. `05 Mar 2025`. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : MISSING;
}

/** Date and time in Jakarta time with the zone named, e.g. `05 Mar 2025, 14.30 WIB`. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? `${dateTimeFormat.format(date)} WIB` : MISSING;
}
