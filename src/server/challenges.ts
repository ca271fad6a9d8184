import "server-only";
import { randomBytes } from "node:crypto";
import {
  attemptsLeft,
  canSeeChallenge,
  challengeCode,
  challengeState,
  CODE_LENGTH,
  effectiveOpensAt,
  refusalMessage,
  type ChallengeAttempt,
  type ChallengeView,
  type StartRefusal,
  type ChallengeScoring,
} from "@/core/challenge/rules";
import type { ChallengeInput } from "@/core/challenge/schema";
import { getDb } from "@/db";
import { challengeLeaderboard, openAttempt } from "@/db/queries/attempts";
import {
  attemptsUsed,
  challengeAttempts,
  closeChallenge,
  findChallengeableQuiz,
  getChallenge,
  insertChallenge,
  listOwnChallenges,
  startChallengeAttempt,
  type ChallengeRecord,
} from "@/db/queries/challenges";
import { defaultMultipliers } from "@/core/scoring";
import { AppError } from "./errors";
import { requireViewer } from "./permissions";
import { startingPlayer } from "./play";
import { consume } from "./rate-limit";
import { currentPlayer, getViewer, type Viewer } from "./viewer";
import type { MarkOpenInput } from "@/core/challenge/marking";
import { challengeOpenAnswers, markOpenAnswer, type OpenAnswerRow } from "@/db/queries/open-marks";

/**
 * Self-paced challenges (docs/rules.md §11): the one service the pages, server actions and route
 * handlers share. The rules are core's; this module decides who is asking and maps outcomes to
 * the error catalogue.
 */

/** A challenge's link, from the origin links are built from (src/server/public-url.ts). */
export const challengeUrl = (origin: string, code: string) => `${origin}/challenge/${code}`;

/** The quiz a member may hand out as a challenge (published, with questions, visible to them), or null. */
export async function challengeableQuiz(slug: string, viewer: Viewer) {
  return findChallengeableQuiz(await getDb(), slug, { userId: viewer.id, admin: viewer.role === "admin" });
}

/** A member's challenges for /me, newest first, with their players and attempts. */
export async function ownChallenges(userId: string) {
  return listOwnChallenges(await getDb(), userId);
}

/** Creates a challenge of a quiz the member may see; 30 a minute per member (QUIZDECK_RATE_LIMIT_CHALLENGES). */
export async function createChallenge(viewer: Viewer, input: ChallengeInput, origin: string) {
  await consume("challenge", `u:${viewer.id}`);
  const db = await getDb();
  const quiz = await findChallengeableQuiz(db, input.quiz, { userId: viewer.id, admin: viewer.role === "admin" });
  if (!quiz) throw new AppError("not_found", `There is no published quiz "${input.quiz}" you can hand out.`);
  const now = new Date();
  const opensAt = effectiveOpensAt(input.opensAt ? new Date(input.opensAt) : null, now);
  const closesAt = new Date(input.closesAt);
  if (input.pointsMultipliers && input.pointsMultipliers.length !== quiz.questionPoints.length) {
    const message = `Give one multiplier for each of the quiz's ${quiz.questionPoints.length} questions`;
    throw new AppError("validation_failed", message, { fields: { pointsMultipliers: [message] } });
  }
  // What the owner left out is the quiz's own: its switches, each question's points.
  const scoring: ChallengeScoring = {
    speedBonus: input.speedBonus ?? quiz.speedBonus,
    streakBonus: input.streakBonus ?? quiz.streakBonus,
    pointsMultipliers: input.pointsMultipliers ?? defaultMultipliers(quiz.questionPoints.map((points) => ({ points }))),
  };
  const { code } = await insertChallenge(
    db,
    { quizId: quiz.id, ownerId: viewer.id, opensAt, closesAt, attemptsAllowed: input.attemptsAllowed, now, scoring: { ...scoring, pointsMultipliers: scoring.pointsMultipliers ?? [] } },
    () => challengeCode(randomBytes(CODE_LENGTH)),
  );
  return {
    code,
    url: challengeUrl(origin, code),
    quiz: { slug: input.quiz, title: quiz.title },
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    attemptsAllowed: input.attemptsAllowed,
    scoring,
  };
}

/** The challenge if this viewer may see it (canSeeChallenge), with whether they may manage it. */
async function visibleChallenge(code: string): Promise<{ challenge: ChallengeRecord; viewer: Viewer | null; canManage: boolean } | null> {
  const challenge = await getChallenge(await getDb(), code);
  if (!challenge) return null;
  const viewer = await getViewer();
  const ownsChallenge = viewer?.id === challenge.ownerId;
  const admin = viewer?.role === "admin";
  if (!canSeeChallenge(challenge.quiz.status, { ownsChallenge, admin })) return null;
  return { challenge, viewer, canManage: ownsChallenge || admin };
}

/** A challenge as this viewer sees it (its page, `GET /api/v1/challenges/{code}`), or null: 404. */
export async function challengeView(code: string, origin: string): Promise<ChallengeView | null> {
  const found = await visibleChallenge(code);
  if (!found) return null;
  const { challenge: c, canManage } = found;
  const db = await getDb();
  const who = await currentPlayer();
  const now = new Date();
  const [used, leaderboard, open] = await Promise.all([
    attemptsUsed(db, c.id, who),
    challengeLeaderboard(db, c.id, who),
    who ? openAttempt(db, c.quiz.id, who, now, c.id) : null,
  ]);
  return {
    code: c.code,
    url: challengeUrl(origin, c.code),
    quiz: { slug: c.quiz.slug, title: c.quiz.title, language: c.quiz.language, status: c.quiz.status },
    owner: c.owner,
    opensAt: c.opensAt.toISOString(),
    closesAt: c.closesAt.toISOString(),
    attemptsAllowed: c.attemptsAllowed,
    scoring: c.scoring,
    state: challengeState(c, now),
    attemptsUsed: used,
    attemptsLeft: attemptsLeft(c.attemptsAllowed, used),
    canManage,
    openAttempt: open,
    leaderboard,
  };
}

export function refusalError(r: StartRefusal): AppError {
  if (r.code === "no_attempts_left") return new AppError("no_attempts_left", refusalMessage(r));
  return new AppError("challenge_closed", refusalMessage(r), { window: { state: r.state, at: r.at.toISOString() } });
}

/**
 * Starts an attempt at a challenge for the current member or this browser's guest, within the
 * same limit as solo play's starts (which also bounds guessing codes); then it is played as any
 * solo attempt.
 */
export async function startChallenge(code: string, nickname: string): Promise<{ id: string }> {
  const who = await startingPlayer(nickname);
  const outcome = await startChallengeAttempt(await getDb(), { code, who, nickname, now: new Date() });
  if (outcome.ok) return { id: outcome.id };
  if (outcome.error === "not_found") throw new AppError("not_found", "There is no such challenge to play.");
  throw refusalError(outcome.refusal);
}

/** The challenge for its owner or an admin: a guest is `unauthorized`, another member `forbidden`. */
export async function managedChallenge(code: string): Promise<ChallengeRecord> {
  await requireViewer();
  const found = await visibleChallenge(code);
  if (!found) throw new AppError("not_found", "There is no such challenge.");
  if (!found.canManage) throw new AppError("forbidden", "Only the member who made this challenge can see its results.");
  return found.challenge;
}

/** Every attempt at a challenge, first started first (its owner's view, the CSV, the API). */
export async function challengeResults(code: string): Promise<{ challenge: ChallengeRecord; attempts: ChallengeAttempt[]; now: Date }> {
  const challenge = await managedChallenge(code);
  const now = new Date();
  return { challenge, attempts: await challengeAttempts(await getDb(), challenge.id, now), now };
}

/** "Close now" (owner or admin): nobody may start it from this moment. */
export async function closeChallengeNow(code: string): Promise<void> {
  const challenge = await managedChallenge(code);
  await closeChallenge(await getDb(), challenge.id, new Date());
}

/** The open answers of a challenge's finished attempts, for its owner (or an admin) to mark. */
export async function openAnswersToMark(code: string): Promise<OpenAnswerRow[]> {
  const challenge = await managedChallenge(code);
  return challengeOpenAnswers(await getDb(), challenge.id);
}

/** Marks an open answer right or wrong (owner or admin); the attempt's score, the leaderboard and the report follow. */
export async function markOpen(code: string, input: MarkOpenInput): Promise<{ score: number; correctCount: number }> {
  const challenge = await managedChallenge(code);
  const done = await markOpenAnswer(await getDb(), challenge.id, input);
  if (!done) throw new AppError("not_found", "There is no such open answer in this challenge.");
  return done;
}
