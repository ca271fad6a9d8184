/**
 * Attempts per player of a challenge, apart from the rules (./rules.ts) so the field error
 * catalogue, which every page with a form loads, takes three numbers and nothing else.
 */
export const ATTEMPTS_MIN = 1;
export const ATTEMPTS_MAX = 10;
export const ATTEMPTS_DEFAULT = 1;
