import "server-only";
import { and, eq, sql } from "drizzle-orm";
import {
  canStartChallenge,
  closedNow,
  startRefusal,
  type ChallengeAttempt,
  type OwnChallenge,
  type QuizStatus,
  type StartRefusal,
} from "@/core/challenge/rules";
import type { ChallengeScoring } from "@/core/challenge/rules";
import { isAbandoned, type PlayerIdentity } from "@/core/play/attempt";
import type { ScoringRules } from "@/core/scoring";
import { isUniqueViolation, queryRows, type Db } from "../client";
import { attempts, challenges, classAttempts, quizzes, users } from "../schema";
import { attemptsOf, insertAttempt, type Tx } from "./attempts";

/** A challenge with what its page shows of its quiz and its owner. */
export type ChallengeRecord = {
  id: string;
  code: string;
  ownerId: string;
  opensAt: Date;
  closesAt: Date;
  attemptsAllowed: number;
  /** As its attempts are scored: the owner's choice, or the quiz's own for an older challenge. */
  scoring: ChallengeScoring;
  quiz: { id: string; slug: string; title: string; language: string; status: QuizStatus };
  owner: { handle: string; name: string };
};

/**
 * The quiz a member may hand out as a challenge: published, with questions, and visible to them
 * (public or unlisted; private only to its owner and admins).
 */
export async function findChallengeableQuiz(
  db: Db,
  slug: string,
  member: { userId: string; admin: boolean },
): Promise<{ id: string; title: string; language: string; speedBonus: boolean; streakBonus: boolean; questionPoints: number[] } | null> {
  const [row] = await db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      language: quizzes.language,
      speedBonus: quizzes.speedBonus,
      streakBonus: quizzes.streakBonus,
      // Each question's own points in order: where the owner's ×0 / ×1 / ×2 start from.
      // (The outer table by its name: a column interpolated into a selected field loses its table.)
      questionPoints: sql<number[]>`(select coalesce(json_agg(q.points order by q.position), '[]'::json) from questions q where q.quiz_id = quizzes.id)`,
    })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.slug, slug),
        eq(quizzes.status, "published"),
        member.admin ? undefined : sql`(${quizzes.visibility} <> 'private' or ${quizzes.ownerId} = ${member.userId})`,
        sql`exists (select 1 from questions where questions.quiz_id = ${quizzes.id})`,
      ),
    );
  return row ?? null;
}

/**
 * Stores a new challenge under a code from `codes()`; the unique index on the code decides, so a
 * code already taken (or taken by a racing insert) is retried with another.
 */
export async function insertChallenge(
  db: Db,
  input: { quizId: string; ownerId: string; opensAt: Date; closesAt: Date; attemptsAllowed: number; now: Date; scoring?: ScoringRules },
  codes: () => string,
  tries = 10,
): Promise<{ id: string; code: string }> {
  for (let i = 0; i < tries; i++) {
    const code = codes();
    try {
      const [row] = await db
        .insert(challenges)
        .values({
          code,
          quizId: input.quizId,
          ownerId: input.ownerId,
          opensAt: input.opensAt,
          closesAt: input.closesAt,
          attemptsAllowed: input.attemptsAllowed,
          // No scoring given: null, the quiz's own as the attempts are played.
          speedBonus: input.scoring?.speedBonus ?? null,
          streakBonus: input.scoring?.streakBonus ?? null,
          pointsMultipliers: input.scoring ? [...input.scoring.pointsMultipliers] : null,
          createdAt: input.now,
        })
        .returning({ id: challenges.id, code: challenges.code });
      return row!;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("No free challenge code found");
}

export async function getChallenge(db: Db, code: string): Promise<ChallengeRecord | null> {
  const [row] = await db
    .select({
      id: challenges.id,
      code: challenges.code,
      ownerId: challenges.ownerId,
      opensAt: challenges.opensAt,
      closesAt: challenges.closesAt,
      attemptsAllowed: challenges.attemptsAllowed,
      scoring: {
        speedBonus: sql<boolean>`coalesce(${challenges.speedBonus}, ${quizzes.speedBonus})`,
        streakBonus: sql<boolean>`coalesce(${challenges.streakBonus}, ${quizzes.streakBonus})`,
        pointsMultipliers: challenges.pointsMultipliers,
      },
      quiz: { id: quizzes.id, slug: quizzes.slug, title: quizzes.title, language: quizzes.language, status: quizzes.status },
      owner: { handle: users.handle, name: users.name },
    })
    .from(challenges)
    .innerJoin(quizzes, eq(quizzes.id, challenges.quizId))
    .innerJoin(users, eq(users.id, challenges.ownerId))
    .where(eq(challenges.code, code));
  return row ?? null;
}

/** How many attempts (in progress, finished or abandoned) this player has made at a challenge. */
export async function attemptsUsed(db: Db | Tx, challengeId: string, who: PlayerIdentity | null): Promise<number> {
  const mine = attemptsOf(who);
  if (!mine) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attempts)
    .where(and(eq(attempts.challengeId, challengeId), mine));
  return Number(row?.n ?? 0);
}

/** Attempts a class's student has made at an assignment, in whichever browser they played. */
async function classAttemptsUsed(db: Db | Tx, studentId: string, assignmentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(classAttempts)
    .where(and(eq(classAttempts.classStudentId, studentId), eq(classAttempts.assignmentId, assignmentId)));
  return Number(row?.n ?? 0);
}

export type StartOutcome = { ok: true; id: string } | { ok: false; error: "not_found" } | { ok: false; error: "refused"; refusal: StartRefusal };

/**
 * Starts an attempt at a challenge for this player, if the rules let them (core: the window, then
 * the attempts left). One transaction holding the challenge's row (`for update`): two starts at
 * once by one player count one after the other, so together they never pass the limit. PGlite
 * runs one transaction at a time anyway.
 */
export async function startChallengeAttempt(
  db: Db,
  input: {
    code: string;
    who: PlayerIdentity;
    nickname: string;
    now: Date;
    /** A class's student playing its assignment: attempts are counted, and the attempt linked, by roster entry (docs/rules.md §13). */
    classStudent?: { studentId: string; assignmentId: string };
  },
): Promise<StartOutcome> {
  return db.transaction(async (tx): Promise<StartOutcome> => {
    const [c] = await tx
      .select({
        id: challenges.id,
        quizId: challenges.quizId,
        opensAt: challenges.opensAt,
        closesAt: challenges.closesAt,
        attemptsAllowed: challenges.attemptsAllowed,
        quizStatus: quizzes.status,
      })
      .from(challenges)
      .innerJoin(quizzes, eq(quizzes.id, challenges.quizId))
      .where(eq(challenges.code, input.code))
      .for("update", { of: challenges });
    if (!c || !canStartChallenge(c.quizStatus)) return { ok: false, error: "not_found" };
    const cs = input.classStudent;
    const used = cs ? await classAttemptsUsed(tx, cs.studentId, cs.assignmentId) : await attemptsUsed(tx, c.id, input.who);
    const refusal = startRefusal(c, used, input.now);
    if (refusal) return { ok: false, error: "refused", refusal };
    const created = await insertAttempt(tx, { quizId: c.quizId, who: input.who, nickname: input.nickname, challengeId: c.id, now: input.now });
    if (!created) return { ok: false, error: "not_found" };
    if (cs) await tx.insert(classAttempts).values({ attemptId: created.id, classStudentId: cs.studentId, assignmentId: cs.assignmentId });
    return { ok: true, id: created.id };
  });
}

/**
 * Every attempt at a challenge for its owner, first started first: an attempt untouched for a day
 * reads abandoned even before anyone reads it again (solo play marks it so only then).
 */
export async function challengeAttempts(db: Db, challengeId: string, now: Date): Promise<ChallengeAttempt[]> {
  const rows = await db
    .select({
      attemptId: attempts.id,
      nickname: attempts.nickname,
      handle: users.handle,
      status: attempts.status,
      score: attempts.score,
      correctCount: attempts.correctCount,
      questionCount: attempts.questionCount,
      startedAt: attempts.startedAt,
      finishedAt: attempts.finishedAt,
      durationMs: attempts.durationMs,
      updatedAt: attempts.updatedAt,
    })
    .from(attempts)
    .leftJoin(users, eq(users.id, attempts.userId))
    .where(eq(attempts.challengeId, challengeId))
    .orderBy(attempts.startedAt, attempts.id);
  return rows.map(({ updatedAt, ...r }) => ({ ...r, status: isAbandoned({ status: r.status, updatedAt }, now) ? "abandoned" : r.status }));
}

/** "Close now": the window as core's closedNow has it, written under the row's lock. */
export async function closeChallenge(db: Db, challengeId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [c] = await tx
      .select({ opensAt: challenges.opensAt, closesAt: challenges.closesAt })
      .from(challenges)
      .where(eq(challenges.id, challengeId))
      .for("update");
    if (!c) return;
    await tx.update(challenges).set(closedNow(c, now)).where(eq(challenges.id, challengeId));
  });
}

/**
 * A member's challenges for /me, newest first, with how many players and attempts each has had.
 * A challenge whose quiz an admin hid is left out: its page is gone too.
 */
export async function listOwnChallenges(db: Db, userId: string, limit = 200): Promise<OwnChallenge[]> {
  type Row = { code: string; quiz_title: string; opens_at: Date | string; closes_at: Date | string; attempts_allowed: number; players: number; attempts: number };
  const rows = await queryRows<Row>(
    db,
    sql`
      select c.code, q.title as quiz_title, c.opens_at, c.closes_at, c.attempts_allowed,
             count(distinct case when a.user_id is not null then 'u:' || a.user_id else 'g:' || a.guest_id end)::int as players,
             count(a.id)::int as attempts
      from ${challenges} c
      join ${quizzes} q on q.id = c.quiz_id
      left join ${attempts} a on a.challenge_id = c.id
      where c.owner_id = ${userId} and q.status <> 'hidden'
      group by c.id, q.title
      order by c.created_at desc, c.code
      limit ${limit}
    `,
  );
  return rows.map((r) => ({
    code: r.code,
    quizTitle: r.quiz_title,
    opensAt: new Date(r.opens_at),
    closesAt: new Date(r.closes_at),
    attemptsAllowed: Number(r.attempts_allowed),
    players: Number(r.players),
    attempts: Number(r.attempts),
  }));
}

