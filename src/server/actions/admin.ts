"use server";

import { revalidatePath } from "next/cache";
import { userStatusInput, type UserStatus } from "@/core/admin";
import { quizIdInput, reportIdInput, roleInput } from "@/core/social";
import { getDb } from "@/db";
import { dismissReport, hideQuiz, restoreQuiz } from "@/db/queries/admin";
import { auditModeration } from "@/db/queries/admin-users";
import { runAction, type ActionResult } from "../action-result";
import { changeUserFromPage } from "../admin-commands";
import { AppError } from "../errors";
import { requireAdmin } from "../permissions";

// Every action checks the role itself: /admin hiding its buttons from members is not the guard.

/** Hides a quiz from everyone but its owner and admins, and resolves its open reports. */
export async function hideQuizAction(input: unknown): Promise<ActionResult<{ hidden: true }>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const { quizId } = quizIdInput.parse(input);
    const db = await getDb();
    if (!(await hideQuiz(db, quizId, admin.id))) throw new AppError("not_found", "There is no published quiz to hide.");
    await auditModeration(db, { via: "web", userId: admin.id }, "hide-quiz", quizId);
    revalidatePath("/", "layout");
    return { hidden: true as const };
  });
}

/** Puts a hidden quiz back in the library. */
export async function restoreQuizAction(input: unknown): Promise<ActionResult<{ restored: true }>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const { quizId } = quizIdInput.parse(input);
    const db = await getDb();
    if (!(await restoreQuiz(db, quizId))) throw new AppError("not_found", "That quiz is not hidden.");
    await auditModeration(db, { via: "web", userId: admin.id }, "restore-quiz", quizId);
    revalidatePath("/", "layout");
    return { restored: true as const };
  });
}

/** Closes a report without touching the quiz. */
export async function dismissReportAction(input: unknown): Promise<ActionResult<{ dismissed: true }>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const { reportId } = reportIdInput.parse(input);
    const db = await getDb();
    if (!(await dismissReport(db, reportId, admin.id))) throw new AppError("not_found", "That report is no longer open.");
    await auditModeration(db, { via: "web", userId: admin.id }, "dismiss-report", reportId);
    revalidatePath("/admin");
    return { dismissed: true as const };
  });
}

/** Makes a member an admin or an admin a member; the last active admin stays one (src/core/admin.ts). */
export async function setRoleAction(input: unknown): Promise<ActionResult<{ role: "member" | "admin" }>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const { userId, role } = roleInput.parse(input);
    const user = await changeUserFromPage(await getDb(), userId, role === "admin" ? "promote" : "demote", admin.id);
    revalidatePath("/admin");
    return { role: user.role };
  });
}

/**
 * Disables an account (its sessions end at once, its API tokens stop working, sign-in is refused
 * with `account_disabled`) or enables it again; the last active admin cannot be disabled.
 */
export async function setUserStatusAction(input: unknown): Promise<ActionResult<{ status: UserStatus }>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const { userId, disabled } = userStatusInput.parse(input);
    const user = await changeUserFromPage(await getDb(), userId, disabled ? "disable" : "enable", admin.id);
    revalidatePath("/admin");
    return { status: user.disabledAt ? ("disabled" as const) : ("active" as const) };
  });
}
