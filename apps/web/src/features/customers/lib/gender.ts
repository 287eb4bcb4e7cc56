import { MISSING } from '@/lib/format';

const genderLabels: Record<string, string> = { MALE: 'Male', FEMALE: 'Female' };

/** MALE and FEMALE in words (English keys, translated where drawn); a dash when the customer gave none. */
export function genderLabel(value: string | null | undefined): string {
  return value ? (genderLabels[value] ?? value) : MISSING;
}
