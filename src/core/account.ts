import { z } from "./zod";
import { LOCALES } from "./locale";
import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, TOKEN_NAME_MAX, type FieldErrorCode } from "./field-errors";
import { hasControlChars } from "./text";

/** Issues carry a field error code as their message (src/core/field-errors.ts). */
const code = (c: FieldErrorCode) => c;

/** Account rules of docs/rules.md §5, shared by the sign-up form, the auth hooks and the settings action. */
export const HANDLE_PATTERN = /^[a-z0-9_-]{3,30}$/;

/**
 * Handles that would read as the site speaking (quizdeck, admin, support…) or clash with a route.
 * Handles are lower-cased before this check, so "Admin" and "QUIZDECK" are refused too; anything
 * outside a–z 0–9 _ - (a Cyrillic "е" in "quizdеck") already fails the pattern.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  "admin", "administrator", "admins", "api", "app", "auth", "billing", "contact", "create", "edit",
  "explore", "game", "help", "host", "import", "join", "login", "logout", "me", "mod", "moderator",
  "moderators", "new", "null", "official", "play", "quiz", "quizdeck", "quizdeck-team", "quizdeck_team",
  "quizzes", "results", "root", "security", "settings", "sign-in", "sign-out", "sign-up", "signin",
  "signup", "staff", "static", "support", "system", "team", "undefined", "user", "users", "www",
]);

export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HANDLE_PATTERN, code("handle_format"))
  .refine((h) => !RESERVED_HANDLES.has(h), code("handle_reserved"));

export { PASSWORD_MAX, PASSWORD_MIN };

/** Length only: the common-password list is checked on the server (src/core/password.ts). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, code("password_too_short"))
  .max(PASSWORD_MAX, code("password_too_long"));

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, code("name_missing"))
  .max(DISPLAY_NAME_MAX, code("name_too_long"))
  .refine((v) => !hasControlChars(v), code("control_chars"));

export const signUpInput = z.object({
  email: z.email(code("email_invalid")).max(EMAIL_MAX, code("email_too_long")),
  handle: handleSchema,
  name: displayNameSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.object({
  email: z.email(code("email_invalid")),
  password: z.string().min(1, code("password_missing")).max(PASSWORD_MAX, code("password_too_long")),
});

export const settingsInput = z.object({
  name: displayNameSchema,
  locale: z.enum(LOCALES, code("locale_invalid")),
});

export const apiTokenInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, code("token_name_missing"))
    .max(TOKEN_NAME_MAX, code("token_name_too_long"))
    .refine((v) => !hasControlChars(v), code("control_chars")),
});
