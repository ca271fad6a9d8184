"use server";

import { cookies } from "next/headers";
import { deleteAccountInput, exportFileName, type AccountExport } from "@/core/account-deletion";
import { getDb } from "@/db";
import { deleteAccount, exportAccount } from "@/db/queries/account-deletion";
import { runAction, type ActionResult } from "../action-result";
import { AppError } from "../errors";
import { requireViewer } from "../permissions";
import { consume } from "../rate-limit";
import type { Viewer } from "../viewer";

/**
 * "Delete my account" and "Download my data" on /me (rules: src/core/account-deletion.ts). Both
 * need the browser session: an API token, which a script holds, can do neither.
 */
async function requireSession(): Promise<Viewer> {
  const viewer = await requireViewer();
  if (viewer.via !== "session") throw new AppError("forbidden", "Manage your account from the website, not with an API token.");
  return viewer;
}

/** The account's data as one JSON document, and the name to save it under. */
export async function exportAccountAction(): Promise<ActionResult<{ fileName: string; data: AccountExport }>> {
  return runAction(async () => {
    const viewer = await requireSession();
    const now = new Date();
    const data = await exportAccount(await getDb(), viewer.id, now);
    if (!data) throw new AppError("not_found", "There is no such account.");
    return { fileName: exportFileName(viewer.handle, now), data };
  });
}

/**
 * Deletes the account at once, its sessions and tokens with it (so this browser is signed out):
 * the quizzes are kept under a "deleted user" or removed, as chosen; `confirm` must be the handle.
 */
export async function deleteAccountAction(input: unknown): Promise<ActionResult<{ deleted: true }>> {
  return runAction(async () => {
    const viewer = await requireSession();
    // Counted before the confirmation is checked, so it cannot be guessed at speed either.
    await consume("accountDeletion", viewer.id);
    const { quizzes, confirm } = deleteAccountInput.parse(input);
    if (confirm !== viewer.handle) {
      throw new AppError("validation_failed", "Type your handle to confirm.", {
        fields: { confirm: ["Type your handle to confirm."] },
        fieldCodes: { confirm: ["invalid"] },
      });
    }
    if (!(await deleteAccount(await getDb(), viewer.id, quizzes))) throw new AppError("not_found", "There is no such account.");
    // The session row is gone; the cookies go too, so the next page is a guest's.
    const jar = await cookies();
    for (const c of jar.getAll()) if (c.name.includes("quizdeck.session")) jar.delete(c.name);
    return { deleted: true as const };
  });
}
