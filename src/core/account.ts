import { z } from "./zod";
import { LOCALES } from "@/i18n/config";
import { CONTROL_MESSAGE, hasControlChars } from "./text";

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
  .regex(HANDLE_PATTERN, "Use 3–30 characters: a–z, 0–9, _ or -")
  .refine((h) => !RESERVED_HANDLES.has(h), "That handle is reserved; pick another one.");

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** Length only: the common-password list is checked on the server (src/core/password.ts). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a display name")
  .max(50, "Use at most 50 characters")
  .refine((v) => !hasControlChars(v), CONTROL_MESSAGE);

export const signUpInput = z.object({
  email: z.email("Enter a valid email address").max(254),
  handle: handleSchema,
  name: displayNameSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.object({
  email: z.email("Enter a valid email address"),
  password: z.string().min(1, "Enter your password").max(128),
});

export const settingsInput = z.object({
  name: displayNameSchema,
  locale: z.enum(LOCALES),
});

export const apiTokenInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the token")
    .max(60, "Use at most 60 characters")
    .refine((v) => !hasControlChars(v), CONTROL_MESSAGE),
});
