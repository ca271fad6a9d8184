"use server";

import { randomBytes } from "node:crypto";
import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { apiTokenInput, settingsInput } from "@/core/account";
import { tokenIdInput } from "@/core/social";
import { getDb } from "@/db";
import { insertApiToken, MAX_API_TOKENS, revokeApiToken, updateSettings, type ApiTokenRow } from "@/db/queries/profile";
import { LOCALE_COOKIE } from "@/core/locale";
import { runAction, type ActionResult } from "../action-result";
import { AppError } from "../errors";
import { requireViewer } from "../permissions";
import { hashToken, type Viewer } from "../viewer";

/**
 * Account changes need the browser session: a personal API token (which a script holds) must not
 * mint more tokens or change the account.
 */
async function requireSession(): Promise<Viewer> {
  const viewer = await requireViewer();
  if (viewer.via !== "session") throw new AppError("forbidden", "Manage your account from the website, not with an API token.");
  return viewer;
}

/** Saves display name and interface language; the language also goes into the NEXT_LOCALE cookie. */
export async function updateSettingsAction(input: unknown): Promise<ActionResult<{ name: string; locale: string }>> {
  return runAction(async () => {
    const viewer = await requireSession();
    const settings = settingsInput.parse(input);
    await updateSettings(await getDb(), viewer.id, settings);
    (await cookies()).set(LOCALE_COOKIE, settings.locale, {
      path: "/",
      maxAge: 60 * 60 * 24 * 365,
      sameSite: "lax",
      httpOnly: false, // the same cookie as the language switcher's (src/server/actions/preferences.ts)
    });
    revalidatePath("/", "layout");
    return settings;
  });
}

export type CreatedToken = ApiTokenRow & { token: string };

/** Creates a personal API token: `qd_` and 32 random bytes. Only its SHA-256 is kept; the token is shown once. */
export async function createTokenAction(input: unknown): Promise<ActionResult<CreatedToken>> {
  return runAction(async () => {
    const viewer = await requireSession();
    const { name } = apiTokenInput.parse(input);
    const token = `qd_${randomBytes(32).toString("base64url")}`;
    const row = await insertApiToken(await getDb(), { userId: viewer.id, name, tokenHash: hashToken(token), prefix: token.slice(0, 11) });
    if (!row) {
      throw new AppError("validation_failed", `You have ${MAX_API_TOKENS} tokens, the most allowed. Revoke one first.`, {
        fields: { name: [`You have ${MAX_API_TOKENS} tokens, the most allowed. Revoke one first.`] },
        fieldCodes: { name: ["token_limit"] },
      });
    }
    revalidatePath("/me");
    return { ...row, token };
  });
}

/** Revokes one of the member's tokens: the next call made with it answers 401. */
export async function revokeTokenAction(input: unknown): Promise<ActionResult<{ revoked: true }>> {
  return runAction(async () => {
    const viewer = await requireSession();
    const { tokenId } = tokenIdInput.parse(input);
    if (!(await revokeApiToken(await getDb(), viewer.id, tokenId))) throw new AppError("not_found", "There is no such token.");
    revalidatePath("/me");
    return { revoked: true as const };
  });
}
