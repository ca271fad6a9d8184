import { NICKNAME_MAX } from "./nickname-limits";
import { ATTEMPTS_MAX, ATTEMPTS_MIN } from "./challenge/limits";
import { REPORT_DETAILS_MAX } from "./report";

/** Lengths of the account rules (src/core/account.ts), here so the messages can name them without zod. */
export const EMAIL_MAX = 254;
export const DISPLAY_NAME_MAX = 50;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const TOKEN_NAME_MAX = 60;
export const COMMON_PASSWORD_COUNT = 10_000;

/**
 * What can be wrong with one field of a form, by code. Rules (zod schemas in core) give the code as
 * their issue's message; screens say it from the catalogue (`fieldErrors` in the messages) in the
 * viewer's language, and the API answers with the code and this English text (for scripts and
 * logs). A field problem without a code of its own reads as `invalid`.
 */
export const FIELD_ERRORS = {
  invalid: "Check this field",
  email_invalid: "Enter a valid email address",
  email_too_long: `Use at most ${EMAIL_MAX} characters`,
  handle_format: "Use 3–30 characters: a–z, 0–9, _ or -",
  handle_reserved: "That handle is reserved; pick another one.",
  name_missing: "Enter a display name",
  name_too_long: `Use at most ${DISPLAY_NAME_MAX} characters`,
  password_missing: "Enter your password",
  password_too_short: `Use at least ${PASSWORD_MIN} characters`,
  password_too_long: `Use at most ${PASSWORD_MAX} characters`,
  password_common: `This password is one of the ${COMMON_PASSWORD_COUNT.toLocaleString("en")} most common ones; choose a less guessable one`,
  control_chars: "Remove control characters",
  locale_invalid: "Choose a language",
  nickname_empty: "Pick a nickname",
  nickname_too_long: `A nickname has at most ${NICKNAME_MAX} characters`,
  nickname_control_chars: "A nickname cannot contain control characters",
  nickname_profanity: "That nickname is not allowed; pick another one",
  token_name_missing: "Name the token",
  token_name_too_long: `Use at most ${TOKEN_NAME_MAX} characters`,
  token_limit: "You have as many tokens as allowed. Revoke one first.",
  rating_invalid: "Choose 1 to 5 stars",
  report_reason_missing: "Choose a reason",
  report_details_too_long: `Use at most ${REPORT_DETAILS_MAX.toLocaleString("en")} characters`,
  report_details_needed: "Tell us what is wrong",
  challenge_date_invalid: "Pick a date and a time",
  challenge_closes_past: "Pick a closing time in the future",
  challenge_closes_too_far: "Pick a closing time at most a year from now",
  challenge_opens_after_closes: "Open it before it closes",
  challenge_attempts_range: `Allow ${ATTEMPTS_MIN} to ${ATTEMPTS_MAX} attempts`,
  time_zone_unknown: "Choose a time zone from the list, such as Europe/Madrid",
  class_name_empty: "Give the class a name",
  class_name_too_long: "Use at most 80 characters",
  class_subject_too_long: "Use at most 80 characters",
  class_code_invalid: "A class code has 6 letters and digits",
  recovery_code_invalid: "A recovery code has 10 letters and digits",
} as const;

export type FieldErrorCode = keyof typeof FIELD_ERRORS;

/** The numbers each code's message names (`{max, number}` in the catalogue). */
export const FIELD_ERROR_ARGS: Partial<Record<FieldErrorCode, Record<string, number>>> = {
  email_too_long: { max: EMAIL_MAX },
  name_too_long: { max: DISPLAY_NAME_MAX },
  password_too_short: { min: PASSWORD_MIN },
  password_too_long: { max: PASSWORD_MAX },
  password_common: { count: COMMON_PASSWORD_COUNT },
  nickname_too_long: { max: NICKNAME_MAX },
  token_name_too_long: { max: TOKEN_NAME_MAX },
  report_details_too_long: { max: REPORT_DETAILS_MAX },
  challenge_attempts_range: { min: ATTEMPTS_MIN, max: ATTEMPTS_MAX },
};

export const isFieldErrorCode = (value: unknown): value is FieldErrorCode => typeof value === "string" && Object.hasOwn(FIELD_ERRORS, value);

/** The code of a rule's issue message: its own when it is one, else `invalid`. */
export const fieldErrorCode = (message: string): FieldErrorCode => (isFieldErrorCode(message) ? message : "invalid");

/** The English of an issue message: a code's text, or the message itself when it is not a code. */
export const fieldErrorEnglish = (message: string): string => (isFieldErrorCode(message) ? FIELD_ERRORS[message] : message);
