import type { z } from 'zod';
import { translateServerMessage } from '@/lib/i18n';

/** The first problem the contract finds in a form's body, in the words the server would use (translated as its messages are). */
export function firstIssue(error: z.ZodError): string {
  return translateServerMessage(error.issues[0]?.message ?? 'Invalid input');
}
