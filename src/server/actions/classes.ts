"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { classInput, classParams, classSettingsInput, joinClassInput, recoverInput, rosterNameInput, assignInput } from "@/core/classes/schema";
import { studentExtraTimeInput } from "@/core/classes/schema";
import { runAction, type ActionResult } from "../action-result";
import {
  assignChallenge,
  createClass,
  joinClass,
  recoverClassStudent,
  removeClass,
  removeClassStudent,
  renameClassStudent,
  setClassLeaderboard,
  setClassStudentExtraTime,
  startAssignment,
  unassignChallenge,
} from "../classes";
import { AppError } from "../errors";
import { requireViewer } from "../permissions";

/**
 * Classes' server actions (docs/rules.md §13). Each parses its input with its schema first and
 * leaves permission to the service it calls (src/server/classes.ts): the teacher's actions refuse
 * a guest (`unauthorized`) and anyone else (`not_found`).
 */

const idSchema = z.uuid();

/** An id as the page had it: a malformed one names nothing. */
function idOf(raw: unknown): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("not_found", "There is no such class.");
  return parsed.data;
}

export async function createClassAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    const viewer = await requireViewer();
    const c = await createClass(viewer, classInput.parse(input));
    revalidatePath("/classes");
    return { id: c.id };
  });
}

export async function deleteClassAction(classId: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    await removeClass(classParams.parse({ id: idOf(classId) }).id);
    revalidatePath("/classes");
    return null;
  });
}

export async function setClassLeaderboardAction(classId: unknown, input: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const id = idOf(classId);
    await setClassLeaderboard(id, classSettingsInput.parse(input).showLeaderboard);
    revalidatePath(`/classes/${id}`);
    return null;
  });
}

export async function renameStudentAction(classId: unknown, studentId: unknown, input: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const id = idOf(classId);
    await renameClassStudent(id, idOf(studentId), rosterNameInput.parse(input).name);
    revalidatePath(`/classes/${id}`);
    return null;
  });
}

export async function removeStudentAction(classId: unknown, studentId: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const id = idOf(classId);
    await removeClassStudent(id, idOf(studentId));
    revalidatePath(`/classes/${id}`);
    return null;
  });
}

export async function assignChallengeAction(classId: unknown, input: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const id = idOf(classId);
    await assignChallenge(id, assignInput.parse(input).challenge);
    revalidatePath(`/classes/${id}`);
    return null;
  });
}

export async function unassignChallengeAction(classId: unknown, assignmentId: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const id = idOf(classId);
    await unassignChallenge(id, idOf(assignmentId));
    revalidatePath(`/classes/${id}`);
    return null;
  });
}

/** Joining by code: the roster name; a student without an account gets their recovery code once, here. */
export async function joinClassAction(input: unknown): Promise<ActionResult<{ classId: string; recoveryCode: string | null }>> {
  return runAction(async () => {
    const { code, name } = joinClassInput.parse(input);
    return joinClass(code, name);
  });
}

export async function recoverClassAction(input: unknown): Promise<ActionResult<{ classId: string; recoveryCode: string }>> {
  return runAction(async () => recoverClassStudent(recoverInput.parse(input).recoveryCode));
}

/** Play on a student's class page: an attempt at the assignment's challenge under the roster name. */
export async function startAssignmentAction(classId: unknown, assignmentId: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => startAssignment(idOf(classId), idOf(assignmentId)));
}

/** The teacher sets a roster student's extra time in the class's challenges (docs/rules.md §13). */
export async function setStudentExtraTimeAction(classId: unknown, studentId: unknown, input: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const id = idOf(classId);
    await setClassStudentExtraTime(id, idOf(studentId), studentExtraTimeInput.parse(input).extraTime);
    revalidatePath(`/classes/${id}`);
    return null;
  });
}
