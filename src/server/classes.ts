import "server-only";
import { randomBytes } from "node:crypto";
import { headers } from "next/headers";
import { normalizeChallengeCode } from "@/core/challenge/rules";
import {
  buildGradebook,
  CLASS_CODE_LENGTH,
  classCode,
  classRole,
  classStandings,
  RECOVERY_CODE_LENGTH,
  recoveryCode,
  ROSTER_MAX,
  rosterNameKey,
  type Gradebook,
} from "@/core/classes/rules";
import { deviceStudent, preselectedStudent } from "@/core/classes/live";
import type { ClassInput } from "@/core/classes/schema";
import { getDb } from "@/db";
import { getChallenge, startChallengeAttempt } from "@/db/queries/challenges";
import {
  classGradeAttempts,
  deleteAssignment,
  deleteClass,
  getAssignment,
  getClass,
  getClassByCode,
  getStudent,
  insertAssignment,
  insertClass,
  insertStudent,
  listAssignments,
  listOwnClasses,
  listRoster,
  recoverStudent,
  removeStudent,
  renameStudent,
  setStudentExtraTime,
  rosterSize,
  setShowLeaderboard,
  studentHistory,
  studentsOf,
  type AssignmentRecord,
  type ClassRecord,
  type StudentRecord,
} from "@/db/queries/classes";
import { keepStudentToken, newStudentToken, studentTokenHashes } from "./class-cookie";
import { classGames, withGames } from "./class-games";
import { refusalError } from "./challenges";
import { clientKeyOf } from "./client-address";
import { AppError } from "./errors";
import { requireViewer } from "./permissions";
import { startingPlayer } from "./play";
import { consume } from "./rate-limit";
import { getViewer, type Viewer } from "./viewer";

/**
 * Classes (docs/rules.md §13): the one service the pages, server actions and /api/v1/classes
 * share. A class is its teacher's (and admins'); its students see their own results and, when
 * the teacher shows it, the class leaderboard; anyone else learns nothing, not even that it exists
 * (`not_found`), except a guest asking for a teacher's view, who is asked to sign in.
 */

export const classJoinUrl = (origin: string, code: string) => `${origin}/classes/join/${code}`;

const newRecoveryCode = () => recoveryCode(randomBytes(RECOVERY_CODE_LENGTH));

/** The JSON shape of a class for its teacher (the API's and the pages'). */
export function classJson(c: ClassRecord, origin: string) {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    subject: c.subject,
    showLeaderboard: c.showLeaderboard,
    joinUrl: classJoinUrl(origin, c.code),
    createdAt: c.createdAt.toISOString(),
  };
}
export type ClassJson = ReturnType<typeof classJson>;

export async function createClass(viewer: Viewer, input: ClassInput): Promise<ClassRecord> {
  await consume("challenge", `u:${viewer.id}`);
  return insertClass(await getDb(), { ownerId: viewer.id, name: input.name, subject: input.subject ?? null, now: new Date() }, () =>
    classCode(randomBytes(CLASS_CODE_LENGTH)),
  );
}

export async function ownClasses(viewer: Viewer) {
  return listOwnClasses(await getDb(), viewer.id);
}

/**
 * The class for its teacher: a guest is `unauthorized`; anyone else, its students included,
 * `not_found` (a class's existence is its teacher's and students' business).
 */
export async function teacherClass(id: string): Promise<{ viewer: Viewer; c: ClassRecord }> {
  const viewer = await requireViewer();
  const c = await getClass(await getDb(), id);
  if (!c || classRole(c, { userId: viewer.id, admin: viewer.role === "admin" }, false) !== "teacher") throw new AppError("not_found", "There is no such class.");
  return { viewer, c };
}

/** The roster entries this request speaks for: the member's own, and this browser's students. */
export async function myStudents() {
  const viewer = await getViewer();
  return studentsOf(await getDb(), { userId: viewer?.id ?? null, tokenHashes: await studentTokenHashes() });
}

/** This request's roster entry in a class, if any. */
async function myStudentIn(classId: string): Promise<StudentRecord | null> {
  return (await myStudents()).find((s) => s.classId === classId) ?? null;
}

export type ClassView =
  | { role: "teacher"; c: ClassRecord }
  | { role: "student"; c: ClassRecord; student: StudentRecord };

/** Who the viewer is to a class, for its page: null when they are neither its teacher nor its student (404). */
export async function classView(id: string): Promise<ClassView | null> {
  const c = await getClass(await getDb(), id);
  if (!c) return null;
  const viewer = await getViewer();
  const student = await myStudentIn(id);
  const role = classRole(c, { userId: viewer?.id ?? null, admin: viewer?.role === "admin" }, student !== null);
  if (role === "teacher") return { role, c };
  if (role === "student" && student) return { role, c, student };
  return null;
}

/** A class by its code, for the join page: its name and subject only. */
export async function classToJoin(code: string) {
  const c = await getClassByCode(await getDb(), code);
  if (!c) return null;
  const mine = await myStudentIn(c.id);
  return { id: c.id, name: c.name, subject: c.subject, joined: mine !== null };
}

/**
 * Joins a class by its code: a member with their account, anyone else with a roster name kept in
 * this browser (a token) and a recovery code, which only this answer and the teacher's roster show.
 * Joins count against the same limit as starting attempts, per address.
 */
export async function joinClass(code: string, name: string): Promise<{ classId: string; recoveryCode: string | null }> {
  const db = await getDb();
  const viewer = await getViewer();
  await consume("attempt", viewer ? `u:${viewer.id}` : `ip:${clientKeyOf(await headers())}`);
  const c = await getClassByCode(db, code);
  if (!c) throw new AppError("not_found", "There is no class with that code. Check it with your teacher.");
  const mine = await myStudentIn(c.id);
  if (mine) return { classId: c.id, recoveryCode: null };
  if ((await rosterSize(db, c.id)) >= ROSTER_MAX) throw new AppError("class_full");
  const token = viewer ? null : newStudentToken();
  const outcome = await insertStudent(
    db,
    { classId: c.id, name, nameKey: rosterNameKey(name), userId: viewer?.id ?? null, tokenHash: token?.hash ?? null, now: new Date() },
    newRecoveryCode,
  );
  if (!outcome.ok) {
    if (outcome.error === "already_joined") return { classId: c.id, recoveryCode: null };
    throw new AppError("roster_name_taken", undefined, { fields: { name: ["Someone in this class already has that name"] } });
  }
  if (token) await keepStudentToken(token.token);
  return { classId: c.id, recoveryCode: outcome.student.recoveryCode };
}

/**
 * A recovery code moves a student to this browser: the old browser's token stops working and a
 * new recovery code replaces the one used. Every try counts against the wrong-PIN limit.
 */
export async function recoverClassStudent(code: string): Promise<{ classId: string; recoveryCode: string }> {
  await consume("pinGuess", `ip:${clientKeyOf(await headers())}`);
  const token = newStudentToken();
  const student = await recoverStudent(await getDb(), code, token.hash, newRecoveryCode);
  if (!student?.recoveryCode) throw new AppError("not_found", "No student has that recovery code. Ask your teacher for yours.");
  await keepStudentToken(token.token);
  return { classId: student.classId, recoveryCode: student.recoveryCode };
}

export async function removeClass(id: string): Promise<void> {
  const { c } = await teacherClass(id);
  await deleteClass(await getDb(), c.id);
}

export async function setClassLeaderboard(id: string, show: boolean): Promise<void> {
  const { c } = await teacherClass(id);
  await setShowLeaderboard(await getDb(), c.id, show);
}

export async function classRoster(id: string): Promise<StudentRecord[]> {
  const { c } = await teacherClass(id);
  return listRoster(await getDb(), c.id);
}

async function teacherStudent(classId: string, studentId: string): Promise<StudentRecord> {
  const { c } = await teacherClass(classId);
  const student = await getStudent(await getDb(), c.id, studentId);
  if (!student) throw new AppError("not_found", "There is no such student in this class.");
  return student;
}

export async function renameClassStudent(classId: string, studentId: string, name: string): Promise<void> {
  const student = await teacherStudent(classId, studentId);
  if ((await renameStudent(await getDb(), student.id, name, rosterNameKey(name))) === "name_taken") {
    throw new AppError("roster_name_taken", undefined, { fields: { name: ["Someone in this class already has that name"] } });
  }
}

/** The teacher gives a student extra time in the class's challenges (1.5, 2) or takes it back (1). */
export async function setClassStudentExtraTime(classId: string, studentId: string, extraTime: number): Promise<void> {
  const student = await teacherStudent(classId, studentId);
  await setStudentExtraTime(await getDb(), student.id, extraTime);
}

export async function removeClassStudent(classId: string, studentId: string): Promise<void> {
  const student = await teacherStudent(classId, studentId);
  await removeStudent(await getDb(), student.id);
}

export async function classAssignments(id: string): Promise<AssignmentRecord[]> {
  const { c } = await teacherClass(id);
  return listAssignments(await getDb(), c.id);
}

/** Assigns one of the teacher's own challenges (an admin: anyone's) to the class. */
export async function assignChallenge(classId: string, challengeCode: string): Promise<void> {
  const { viewer, c } = await teacherClass(classId);
  const code = normalizeChallengeCode(challengeCode);
  const db = await getDb();
  const challenge = code ? await getChallenge(db, code) : null;
  if (!challenge || (challenge.ownerId !== viewer.id && viewer.role !== "admin")) {
    throw new AppError("not_found", "There is no challenge of yours with that code.", { fields: { challenge: ["There is no challenge of yours with that code"] } });
  }
  await insertAssignment(db, c.id, challenge.id, new Date());
}

export async function unassignChallenge(classId: string, assignmentId: string): Promise<void> {
  const { c } = await teacherClass(classId);
  await deleteAssignment(await getDb(), c.id, assignmentId);
}

/** Students × the class's assignments, then its live games (oldest first). */
async function gradebookOf(c: ClassRecord, studentId?: string): Promise<Gradebook> {
  const db = await getDb();
  const [roster, assignments, attempts, games] = await Promise.all([
    listRoster(db, c.id),
    listAssignments(db, c.id),
    classGradeAttempts(db, c.id, studentId),
    classGames(db, c.id, studentId),
  ]);
  return buildGradebook(
    roster.filter((s) => !studentId || s.id === studentId).map((s) => ({ id: s.id, name: s.name })),
    [...assignments.map((a) => ({ id: a.id, title: a.quizTitle, kind: "assignment" as const })), ...games.columns],
    [...attempts, ...games.attempts],
  );
}

/** A student's history: their class attempts and the class games they played, newest first. */
async function historyOf(classId: string, studentId: string) {
  const db = await getDb();
  const [attempts, games] = await Promise.all([studentHistory(db, studentId), classGames(db, classId, studentId)]);
  return withGames(attempts, games.history.get(studentId));
}

/** The gradebook: students × assignments (teacher only). */
export async function classGradebook(id: string): Promise<{ c: ClassRecord; gradebook: Gradebook }> {
  const { c } = await teacherClass(id);
  return { c, gradebook: await gradebookOf(c) };
}

/** One student's attempts in the class, for the teacher. */
export async function classStudentHistory(classId: string, studentId: string) {
  const student = await teacherStudent(classId, studentId);
  return { student, history: await historyOf(student.classId, student.id) };
}

/** What a student sees on their class page: the assignments, their own results, the leaderboard if shown. */
export async function studentClassView(view: Extract<ClassView, { role: "student" }>) {
  const db = await getDb();
  const assignments = await listAssignments(db, view.c.id);
  const own = await gradebookOf(view.c, view.student.id);
  const standings = view.c.showLeaderboard ? classStandings(await gradebookOf(view.c), view.student.id) : null;
  return { assignments, own, standings, history: await historyOf(view.c.id, view.student.id) };
}

/**
 * Plays an assignment as the class's student: an attempt at its challenge under the roster name,
 * counted and linked by roster entry, whichever browser they play in.
 */
export async function startAssignment(classId: string, assignmentId: string): Promise<{ id: string }> {
  const view = await classView(classId);
  if (!view || view.role !== "student") throw new AppError("not_found", "There is no such class.");
  const db = await getDb();
  const assignment = await getAssignment(db, view.c.id, assignmentId);
  if (!assignment) throw new AppError("not_found", "There is no such assignment.");
  const who = await startingPlayer(view.student.name);
  const outcome = await startChallengeAttempt(db, {
    code: assignment.code,
    who,
    nickname: view.student.name,
    now: new Date(),
    classStudent: { studentId: view.student.id, assignmentId: assignment.id },
  });
  if (outcome.ok) return { id: outcome.id };
  if (outcome.error === "not_found") throw new AppError("not_found", "There is no such assignment to play.");
  throw refusalError(outcome.refusal);
}

/**
 * The names a phone may pick in a live game for a class (docs/rules.md §13): the class's roster,
 * with this device's own entry (the signed-in member's, or its class cookie's) chosen already.
 * Anyone with the game's PIN sees the names, as the big screen shows them.
 */
export async function liveRoster(classId: string): Promise<{ className: string; students: { id: string; name: string }[]; mine: string | null } | null> {
  const db = await getDb();
  const [c, roster, mine, viewer] = await Promise.all([getClass(db, classId), listRoster(db, classId), myStudents(), getViewer()]);
  if (!c) return null;
  const userId = viewer?.id ?? null;
  return {
    className: c.name,
    students: roster.map((s) => ({ id: s.id, name: s.name })),
    mine: preselectedStudent(roster, { userId, studentId: deviceStudent(classId, mine, userId) }),
  };
}
