import { timestamp } from 'drizzle-orm/pg-core';

/** Every point in time is stored with its time zone (timestamptz), never as a local time. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made. */
export const createdAtColumn = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed (the repositories set it on every update). */
export const updatedAtColumn = () => timestamptz('updated_at').notNull().defaultNow();
