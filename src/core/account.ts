import { z } from "zod";
import { LOCALES } from "@/i18n/config";

/** Account rules of PRODUCT.md §5, shared by the sign-up form, the auth hooks and the settings action. */
export const HANDLE_PATTERN = /^[a-z0-9_-]{3,30}$/;

export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HANDLE_PATTERN, "Use 3–30 characters: a–z, 0–9, _ or -");

export const passwordSchema = z
  .string()
  .min(8, "Use at least 8 characters")
  .max(128, "Use at most 128 characters");

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a display name")
  .max(50, "Use at most 50 characters")
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "Remove control characters");

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
  name: z.string().trim().min(1, "Name the token").max(60, "Use at most 60 characters"),
});
