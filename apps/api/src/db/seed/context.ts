import type { Faker } from '@faker-js/faker';
import type { Transaction } from '../client';

/**
 * What every step of the generator shares. One faker drives every step in turn, so the steps
 * must run in the same order with the same calls: that is what makes a seed reproducible.
 */
export interface SeedContext {
  tx: Transaction;
  faker: Faker;
  seed: number;
  /** The demo's "today": every date is at or before it, appointments may follow it. */
  asOf: Date;
  log: (message: string) => void;
  /** Rows inserted per table, filled by each step; recorded in the audit log and the summary. */
  inserted: Record<string, number>;
}

export const hourMs = 3_600_000;
export const dayMs = 86_400_000;

/** Rows per INSERT (one array parameter per column): large enough to be fast, small enough to keep memory flat. */
export const rowsPerInsert = 10_000;

/** The [start, end) index ranges of successive INSERTs of `count` rows. */
export function* chunks(count: number): Generator<{ start: number; end: number }> {
  for (let start = 0; start < count; start += rowsPerInsert) yield { start, end: Math.min(count, start + rowsPerInsert) };
}

/** Progress every 100,000 rows and at the end: a million-customer run takes minutes. */
export function logProgress(context: SeedContext, what: string, done: number, count: number): void {
  if (done % 100_000 === 0 || done === count) context.log(`${what}: ${done} of ${count}`);
}

/** Whole hundredths (of a {product}) as an exact decimal string: never a float in storage. */
export function hundredthsToDecimal(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The date in Jakarta (UTC+7, no daylight saving) of an instant. */
export function jakartaDate(instant: Date): string {
  return isoDate(new Date(instant.getTime() + 7 * hourMs));
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** A name as the local part of an e-mail address. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}
