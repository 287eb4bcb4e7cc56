import { errorMessage } from '@/lib/api-client';

/** Whether a failed change was refused for its re-authentication (`body.reauth...`): the password dialog stays open to try again. */
export const isReauthError = (error: unknown) => /^body\.reauth\b/.test(errorMessage(error));
