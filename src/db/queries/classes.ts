import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { GradeAttempt, StudentHistoryRow } from "@/core/classes/rules";
import { correctOfTotal, GRADED_TYPES } from "@/core/question";
import { isUniqueViolation, type Db } from "../client";
import { attemptAnswers, attempts, challenges, classAssignments, classAttempts, classes, classStudents, players, questions, quizzes } from "../schema";

/**
 * Classes' storage (docs/rules.md §13). Who may do what is decided above (src/server/classes.ts);
 * these load and store, and let the unique indexes decide races (a name or code taken meanwhile).
 */

export type ClassRecord = {
  id: string;
  code: string;
  ownerId: string;
  name: string;
  subject: string | null;
  showLeaderboard: boolean;
  createdAt: Date;
};

const classColumns = {
  id: classes.id,
  code: classes.code,
  ownerId: classes.ownerId,
  name: classes.name,
  subject: classes.subject,
  showLeaderboard: classes.showLeaderboard,
  createdAt: classes.createdAt,
};

/** Stores a new class under a code from `codes()`, retrying a code already taken. */
export async function insertClass(
  db: Db,
  input: { ownerId: string; name: string; subject: string | null; now: Date },
  codes: () => string,
  tries = 10,
): Promise<ClassRecord> {
  for (let i = 0; i < tries; i++) {
    try {
      const [row] = await db
        .insert(classes)
        .values({ code: codes(), ownerId: input.ownerId, name: input.name, subject: input.subject, createdAt: input.now })
        .returning(classColumns);
      return row!;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("No free class code found");
}

export async function getClass(db: Db, id: string): Promise<ClassRecord | null> {
  const [row] = await db.select(classColumns).from(classes).where(eq(classes.id, id));
  return row ?? null;
}

export async function getClassByCode(db: Db, code: string): Promise<ClassRecord | null> {
  const [row] = await db.select(classColumns).from(classes).where(eq(classes.code, code));
  return row ?? null;
}

export type OwnClass = ClassRecord & { students: number; assignments: number };

/** A teacher's classes, newest first, with their counts. */
export async function listOwnClasses(db: Db, ownerId: string): Promise<OwnClass[]> {
  const rows = await db
    .select({
      ...classColumns,
      students: sql<number>`(select count(*)::int from ${classStudents} where ${classStudents.classId} = ${classes.id})`,
      assignments: sql<number>`(select count(*)::int from ${classAssignments} where ${classAssignments.classId} = ${classes.id})`,
    })
    .from(classes)
    .where(eq(classes.ownerId, ownerId))
    .orderBy(desc(classes.createdAt), classes.id);
  return rows.map((r) => ({ ...r, students: Number(r.students), assignments: Number(r.assignments) }));
}

/** Deletes a class with its roster and assignments, and the attempts its students made as its members. */
export async function deleteClass(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(attempts).where(
      inArray(
        attempts.id,
        tx
          .select({ id: classAttempts.attemptId })
          .from(classAttempts)
          .innerJoin(classStudents, eq(classStudents.id, classAttempts.classStudentId))
          .where(eq(classStudents.classId, id)),
      ),
    );
    // Live games keep their players as any game's; the link to the roster goes (games.class_id by its key).
    await tx
      .update(players)
      .set({ classStudentId: null })
      .where(inArray(players.classStudentId, tx.select({ id: classStudents.id }).from(classStudents).where(eq(classStudents.classId, id))));
    await tx.delete(classes).where(eq(classes.id, id));
  });
}

export async function setShowLeaderboard(db: Db, id: string, show: boolean): Promise<void> {
  await db.update(classes).set({ showLeaderboard: show }).where(eq(classes.id, id));
}

export type StudentRecord = {
  id: string;
  classId: string;
  name: string;
  userId: string | null;
  recoveryCode: string | null;
  joinedAt: Date;
  /** Extra time in the class's challenges: 1 (none), 1.5 or 2. */
  extraTime: number;
};

const studentColumns = {
  id: classStudents.id,
  classId: classStudents.classId,
  name: classStudents.name,
  userId: classStudents.userId,
  recoveryCode: classStudents.recoveryCode,
  joinedAt: classStudents.joinedAt,
  extraTime: classStudents.extraTime,
};

/** A class's roster, by name. */
export async function listRoster(db: Db, classId: string): Promise<StudentRecord[]> {
  return db.select(studentColumns).from(classStudents).where(eq(classStudents.classId, classId)).orderBy(asc(classStudents.nameKey));
}

export async function rosterSize(db: Db, classId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(classStudents).where(eq(classStudents.classId, classId));
  return Number(row?.n ?? 0);
}

export type InsertStudentOutcome = { ok: true; student: StudentRecord } | { ok: false; error: "name_taken" | "already_joined" };

/**
 * Adds a student: a member (userId) or a browser's student (tokenHash and recovery code). The
 * unique indexes decide: a name taken in the class, a member already on the roster.
 */
export async function insertStudent(
  db: Db,
  input: { classId: string; name: string; nameKey: string; userId: string | null; tokenHash: string | null; now: Date },
  recoveryCodes: () => string,
): Promise<InsertStudentOutcome> {
  for (let i = 0; i < 10; i++) {
    try {
      const [row] = await db
        .insert(classStudents)
        .values({
          classId: input.classId,
          name: input.name,
          nameKey: input.nameKey,
          userId: input.userId,
          tokenHash: input.tokenHash,
          recoveryCode: input.userId ? null : recoveryCodes(),
          joinedAt: input.now,
        })
        .returning(studentColumns);
      return { ok: true, student: row! };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const [byName] = await db
        .select({ id: classStudents.id })
        .from(classStudents)
        .where(and(eq(classStudents.classId, input.classId), eq(classStudents.nameKey, input.nameKey)));
      if (byName) return { ok: false, error: "name_taken" };
      if (input.userId) {
        const [member] = await db
          .select({ id: classStudents.id })
          .from(classStudents)
          .where(and(eq(classStudents.classId, input.classId), eq(classStudents.userId, input.userId)));
        if (member) return { ok: false, error: "already_joined" };
      }
      // Otherwise a recovery code was taken: try another.
    }
  }
  throw new Error("No free recovery code found");
}

export async function getStudent(db: Db, classId: string, studentId: string): Promise<StudentRecord | null> {
  const [row] = await db
    .select(studentColumns)
    .from(classStudents)
    .where(and(eq(classStudents.classId, classId), eq(classStudents.id, studentId)));
  return row ?? null;
}

/** Renames a student, and the attempts they made as the class's member (the leaderboards show it). */
export async function renameStudent(db: Db, studentId: string, name: string, nameKey: string): Promise<"ok" | "name_taken"> {
  try {
    await db.transaction(async (tx) => {
      await tx.update(classStudents).set({ name, nameKey }).where(eq(classStudents.id, studentId));
      await tx
        .update(attempts)
        .set({ nickname: name })
        .where(inArray(attempts.id, tx.select({ id: classAttempts.attemptId }).from(classAttempts).where(eq(classAttempts.classStudentId, studentId))));
    });
    return "ok";
  } catch (err) {
    if (isUniqueViolation(err)) return "name_taken";
    throw err;
  }
}

/** Removes a student with their roster data: the entry and the attempts they made as the class's member. */
export async function removeStudent(db: Db, studentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(attempts).where(inArray(attempts.id, tx.select({ id: classAttempts.attemptId }).from(classAttempts).where(eq(classAttempts.classStudentId, studentId))));
    await tx.update(players).set({ classStudentId: null }).where(eq(players.classStudentId, studentId));
    await tx.delete(classStudents).where(eq(classStudents.id, studentId));
  });
}

/** The roster entries this browser holds tokens of, and this member's own. */
export async function studentsOf(db: Db, who: { userId: string | null; tokenHashes: string[] }): Promise<(StudentRecord & { className: string; classSubject: string | null })[]> {
  const conditions = [];
  if (who.userId) conditions.push(eq(classStudents.userId, who.userId));
  if (who.tokenHashes.length) conditions.push(inArray(classStudents.tokenHash, who.tokenHashes));
  if (!conditions.length) return [];
  return db
    .select({ ...studentColumns, className: classes.name, classSubject: classes.subject })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .where(conditions.length === 1 ? conditions[0] : sql`(${conditions[0]} or ${conditions[1]})`)
    .orderBy(asc(classes.name));
}

/**
 * Moves a browser's student to a new browser: the recovery code names them, the new token's hash
 * replaces the old (the old browser's stops working), and a new recovery code replaces the used one.
 */
export async function recoverStudent(db: Db, code: string, tokenHash: string, nextCode: () => string): Promise<StudentRecord | null> {
  for (let i = 0; i < 10; i++) {
    try {
      const [row] = await db
        .update(classStudents)
        .set({ tokenHash, recoveryCode: nextCode() })
        .where(and(eq(classStudents.recoveryCode, code), sql`${classStudents.userId} is null`))
        .returning(studentColumns);
      return row ?? null;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("No free recovery code found");
}

export type AssignmentRecord = {
  id: string;
  challengeId: string;
  code: string;
  quizTitle: string;
  quizSlug: string;
  opensAt: Date;
  closesAt: Date;
  attemptsAllowed: number;
  createdAt: Date;
};

const assignmentColumns = {
  id: classAssignments.id,
  challengeId: challenges.id,
  code: challenges.code,
  quizTitle: quizzes.title,
  quizSlug: quizzes.slug,
  opensAt: challenges.opensAt,
  closesAt: challenges.closesAt,
  attemptsAllowed: challenges.attemptsAllowed,
  createdAt: classAssignments.createdAt,
};

export async function listAssignments(db: Db, classId: string): Promise<AssignmentRecord[]> {
  return db
    .select(assignmentColumns)
    .from(classAssignments)
    .innerJoin(challenges, eq(challenges.id, classAssignments.challengeId))
    .innerJoin(quizzes, eq(quizzes.id, challenges.quizId))
    .where(eq(classAssignments.classId, classId))
    .orderBy(asc(classAssignments.createdAt), classAssignments.id);
}

export async function getAssignment(db: Db, classId: string, assignmentId: string): Promise<AssignmentRecord | null> {
  const [row] = await db
    .select(assignmentColumns)
    .from(classAssignments)
    .innerJoin(challenges, eq(challenges.id, classAssignments.challengeId))
    .innerJoin(quizzes, eq(quizzes.id, challenges.quizId))
    .where(and(eq(classAssignments.classId, classId), eq(classAssignments.id, assignmentId)));
  return row ?? null;
}

/** Hands a challenge to a class; assigning it again changes nothing. */
export async function insertAssignment(db: Db, classId: string, challengeId: string, now: Date): Promise<void> {
  await db.insert(classAssignments).values({ classId, challengeId, createdAt: now }).onConflictDoNothing();
}

export async function deleteAssignment(db: Db, classId: string, assignmentId: string): Promise<void> {
  await db.delete(classAssignments).where(and(eq(classAssignments.classId, classId), eq(classAssignments.id, assignmentId)));
}

/**
 * What an attempt's "correct of N" is counted from (`correctOfTotal`): its quiz's questions with a
 * right answer, and its open answers that were marked.
 */
const correctOfColumns = {
  gradedQuestions: sql<number>`(select count(*)::int from ${questions} where ${questions.quizId} = ${attempts.quizId} and ${questions.type} in (${sql.join(
    GRADED_TYPES.map((t) => sql`${t}`),
    sql`, `,
  )}))`,
  markedOpen: sql<number>`(select count(*)::int from ${attemptAnswers} where ${attemptAnswers.attemptId} = ${attempts.id} and ${attemptAnswers.openMark} is not null)`,
};
const withCorrectOf = <T extends { gradedQuestions: number; markedOpen: number }>({ gradedQuestions, markedOpen, ...row }: T) => ({
  ...row,
  questionCount: correctOfTotal({ gradedQuestions: Number(gradedQuestions), markedOpen: Number(markedOpen) }),
});

/** The finished attempts the class's students made at its assignments (the gradebook's input). */
export async function classGradeAttempts(db: Db, classId: string, studentId?: string): Promise<GradeAttempt[]> {
  const rows = await db
    .select({
      studentId: classAttempts.classStudentId,
      assignmentId: classAttempts.assignmentId,
      correctCount: attempts.correctCount,
      ...correctOfColumns,
      finishedAt: attempts.finishedAt,
    })
    .from(classAttempts)
    .innerJoin(attempts, eq(attempts.id, classAttempts.attemptId))
    .innerJoin(classStudents, eq(classStudents.id, classAttempts.classStudentId))
    .where(and(eq(classStudents.classId, classId), eq(attempts.status, "finished"), studentId ? eq(classStudents.id, studentId) : undefined));
  return rows.map((r) => ({ ...withCorrectOf(r), finishedAt: r.finishedAt ?? new Date(0) }));
}


/** One student's attempts as the class's member, newest first. */
export async function studentHistory(db: Db, studentId: string): Promise<StudentHistoryRow[]> {
  const rows = await db
    .select({
      attemptId: attempts.id,
      assignmentId: classAttempts.assignmentId,
      quizTitle: quizzes.title,
      status: attempts.status,
      correctCount: attempts.correctCount,
      ...correctOfColumns,
      score: attempts.score,
      startedAt: attempts.startedAt,
      finishedAt: attempts.finishedAt,
    })
    .from(classAttempts)
    .innerJoin(attempts, eq(attempts.id, classAttempts.attemptId))
    .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
    .where(eq(classAttempts.classStudentId, studentId))
    .orderBy(desc(attempts.startedAt), attempts.id);
  return rows.map(withCorrectOf);
}

/** Sets a student's extra time in the class's challenges (1: none); their next answers follow it. */
export async function setStudentExtraTime(db: Db, studentId: string, extraTime: number): Promise<void> {
  await db.update(classStudents).set({ extraTime }).where(eq(classStudents.id, studentId));
}
