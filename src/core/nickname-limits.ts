/**
 * Nickname limits a browser needs (form attributes, help text). Kept apart from ./nickname, which
 * builds the profanity matcher and a zod schema at load: importing that from a client component
 * ships obscenity's word list and zod to the page (scripts/check-bundles.mjs fails the build then).
 */
export const NICKNAME_MAX = 20;
