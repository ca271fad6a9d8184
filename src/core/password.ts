import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MAX, PASSWORD_MIN } from "./account";
import { COMMON_PASSWORD_COUNT, type FieldErrorCode } from "./field-errors";

/**
 * The 10,000 most common passwords, from zxcvbn-ts's frequency-ranked list (MIT). Kept out of
 * account.ts so the sign-up form's bundle does not carry it: the server checks it.
 */
export { COMMON_PASSWORD_COUNT };
let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT)));

export type PasswordProblem = "too_short" | "too_long" | "too_common";

/** Why a new password is refused, or null. The list is compared lower-cased, as people type it. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN) return "too_short";
  if (password.length > PASSWORD_MAX) return "too_long";
  if (commonPasswords().has(password.toLowerCase())) return "too_common";
  return null;
}

/** Each problem's field error code (src/core/field-errors.ts). */
export const PASSWORD_ERROR_CODES: Record<PasswordProblem, FieldErrorCode> = {
  too_short: "password_too_short",
  too_long: "password_too_long",
  too_common: "password_common",
};

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Use at least ${PASSWORD_MIN} characters`,
  too_long: `Use at most ${PASSWORD_MAX} characters`,
  too_common: "This password is one of the 10,000 most common ones; choose a less guessable one",
};
