/** Wrong second-factor codes count in the sign-in throttle under their own key per admin (as if it were an account of its own). */
export const secondFactorThrottleKey = (adminId: number) => `second-factor:${adminId}`;
