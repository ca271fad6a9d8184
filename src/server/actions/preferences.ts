"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { LOCALE_COOKIE, LOCALES } from "@/core/locale";

const localeInput = z.enum(LOCALES);

/** Saves the interface language for a year; the caller refreshes the page to render it. */
export async function setLocale(locale: unknown): Promise<{ ok: boolean }> {
  const parsed = localeInput.safeParse(locale);
  if (!parsed.success) return { ok: false };
  (await cookies()).set(LOCALE_COOKIE, parsed.data, {
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
    sameSite: "lax",
    httpOnly: false, // the language is not a secret, and client code may read it
  });
  return { ok: true };
}
