"use server";

import type { ImportResult } from "@/core/import";
import { runAction, type ActionResult } from "../action-result";
import { importInput } from "../api-schemas";
import { importQuiz, previewImport, type ImportOutcome } from "../imports";
import { requireViewer } from "../permissions";

/** What the file holds and every problem with it; nothing is saved. */
export async function previewImportAction(input: unknown): Promise<ActionResult<ImportResult>> {
  return runAction(async () => {
    await requireViewer();
    return previewImport(importInput.parse(input));
  });
}

/** Saves the file as a new draft of the signed-in member. */
export async function importAction(input: unknown): Promise<ActionResult<ImportOutcome>> {
  return runAction(async () => importQuiz(await requireViewer(), importInput.parse(input)));
}
