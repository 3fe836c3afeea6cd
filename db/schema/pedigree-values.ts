/** Values of the horse identity and its corrections (DESIGN-MODULES 0.3, E.6); client-safe. */
export const HORSE_SEXES = ['male', 'female', 'unknown'] as const;
export const IDENTITY_STATUSES = ['unverified', 'verified', 'merged'] as const;
export const CORRECTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
