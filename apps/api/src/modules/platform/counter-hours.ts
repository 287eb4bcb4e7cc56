/**
 * The collection counter's opening: ISO weekdays and hours (WIB, UTC+7, no daylight saving),
 * booked in 2-hour windows from the opening hour (COUNTER_DAYS, COUNTER_HOURS).
 */
export interface CounterHours {
  /** ISO weekdays, 1 = Monday. */
  days: readonly number[];
  openHour: number;
  closeHour: number;
}

const windowHours = 2;
const wibOffsetMs = 7 * 3_600_000;

/** Start hours of the windows that can be booked: 08-16 gives 8, 10, 12, 14. */
export function timeSlotsOf(hours: CounterHours): number[] {
  const slots: number[] = [];
  for (let start = hours.openHour; start + windowHours <= hours.closeHour; start += windowHours) slots.push(start);
  return slots;
}

/** Why an appointment cannot be booked now, or null when it can. */
export function appointmentRefusal(hours: CounterHours, date: string, slot: number, now = new Date()): string | null {
  const slots = timeSlotsOf(hours);
  if (!slots.includes(slot)) return `timeSlot ${slot} is not a window of the counter (it opens ${slots.join(', ')} WIB)`;
  const start = Date.parse(`${date}T${String(slot).padStart(2, '0')}:00:00+07:00`);
  if (Number.isNaN(start)) return `appointmentDate ${date} is not a date`;
  const weekday = new Date(start + wibOffsetMs).getUTCDay() || 7;
  if (!hours.days.includes(weekday)) return `the counter is closed on ${date} (it opens on ISO weekdays ${hours.days.join(', ')})`;
  if (start <= now.getTime()) return `the appointment ${date} ${slot}:00 WIB is not in the future`;
  if (start - now.getTime() > 180 * 86_400_000) return 'the appointment must be within 180 days';
  return null;
}
