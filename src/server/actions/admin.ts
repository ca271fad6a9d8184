"use server";

import { revalidatePath } from "next/cache";
import { quizIdInput, reportIdInput, roleInput } from "@/core/social";
import { getDb } from "@/db";
import { dismissReport, hideQuiz, restoreQuiz, setUserRole } from "@/db/queries/admin";
import { runAction, type ActionResult } from "../action-result";
import { AppError } from "../errors";
import { requireAdmin } from "../permissions";

// Every action checks the role itself: /admin hiding its buttons from members is not the guard.

/** Hides a quiz from everyone but its owner and admins, and resolves its open reports. */
export async function hideQuizAction(input: unknown): Promise<ActionResult<{ hidden: true }>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const { quizId } = quizIdInput.parse(input);
    if (!(await hideQuiz(await getDb(), quizId, admin.id))) throw new AppError("not_found", "There is no published quiz to hide.");
    revalidatePath("/", "layout");
    return { hidden: true as const };
  });
}

/** Puts a hidden quiz back in the library. */
export async function restoreQuizAction(input: unknown): Promise<ActionResult<{ restored: true }>> {
  return runAction(async () => {
    await requireAdmin();
    const { quizId } = quizIdInput.parse(input);
    if (!(await restoreQuiz(await getDb(), quizId))) throw new AppError("not_found", "That quiz is not hidden.");
    revalidatePath("/", "layout");
    return { restored: true as const };
  });
}

/** Closes a report without touching the quiz. */
export async function dismissReportAction(input: unknown): Promise<ActionResult<{ dismissed: true }>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const { reportId } = reportIdInput.parse(input);
    if (!(await dismissReport(await getDb(), reportId, admin.id))) throw new AppError("not_found", "That report is no longer open.");
    revalidatePath("/admin");
    return { dismissed: true as const };
  });
}

const LAST_ADMIN_MESSAGE = "This is the last admin. Make another member an admin first.";

/** Makes a member an admin or an admin a member; the last admin stays one. */
export async function setRoleAction(input: unknown): Promise<ActionResult<{ role: "member" | "admin" }>> {
  return runAction(async () => {
    await requireAdmin();
    const { userId, role } = roleInput.parse(input);
    const result = await setUserRole(await getDb(), userId, role);
    if (!result.ok) throw result.error === "last_admin" ? new AppError("forbidden", LAST_ADMIN_MESSAGE) : new AppError("not_found", "There is no such member.");
    revalidatePath("/admin");
    return { role: result.role };
  });
}
