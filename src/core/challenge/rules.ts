/**
 * Self-paced challenges (docs/rules.md §11): a published quiz handed out under a code, open from
 * `opensAt` until `closesAt`, with a number of attempts per player. Pure and free of zod, so the
 * challenge page's client components may use it (players open that page: no zod there, see
 * scripts/check-bundles.mjs); ./schema.ts builds the input schema from these constants.
 */
import type { AttemptStatus, LeaderboardEntry, PlayerIdentity } from "../play/attempt";
import { codeFromBytes, normalizeCode } from "../codes";

export { CODE_ALPHABET } from "../codes";
export const CODE_LENGTH = 8;

/** A challenge code: 32^8 (about 10^12) codes, so guessing one is hopeless (src/core/codes.ts). */
export const challengeCode = (randomBytes: Uint8Array): string => codeFromBytes(randomBytes, CODE_LENGTH);

/** A challenge code as a person may type it (src/core/codes.ts); null when it cannot be one. */
export const normalizeChallengeCode = (input: string | null | undefined): string | null => normalizeCode(input, CODE_LENGTH);

export { ATTEMPTS_DEFAULT, ATTEMPTS_MAX, ATTEMPTS_MIN } from "./limits";
/** How long a new challenge stays open unless its owner says otherwise. */
export const DEFAULT_OPEN_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const defaultClosesAt = (now: Date): Date => new Date(now.getTime() + DEFAULT_OPEN_DAYS * DAY_MS);

/** The latest a challenge may close: the same moment a calendar year (UTC) from now. */
export function latestClosesAt(now: Date): Date {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}

export type ChallengeTimeProblem = {
  field: "closesAt" | "opensAt";
  code: "challenge_closes_past" | "challenge_closes_too_far" | "challenge_opens_after_closes";
};

/**
 * What is wrong with a challenge's times as asked at `now`: it must close in the future and at
 * most a year ahead, and open before it closes. An opening time in the past is no problem: the
 * challenge is open at once (see effectiveOpensAt).
 */
export function challengeTimeProblems(times: { opensAt?: Date | null; closesAt: Date }, now: Date): ChallengeTimeProblem[] {
  const problems: ChallengeTimeProblem[] = [];
  const closes = times.closesAt.getTime();
  if (closes <= now.getTime()) problems.push({ field: "closesAt", code: "challenge_closes_past" });
  else if (closes > latestClosesAt(now).getTime()) problems.push({ field: "closesAt", code: "challenge_closes_too_far" });
  if (times.opensAt && times.opensAt.getTime() >= closes) problems.push({ field: "opensAt", code: "challenge_opens_after_closes" });
  return problems;
}

/**
 * When a new challenge opens: as asked, but never before it was made, so a form's "now" that is
 * a minute old by the time it arrives (or a script's date in the past) reads "opened today".
 */
export const effectiveOpensAt = (opensAt: Date | null | undefined, now: Date): Date =>
  opensAt && opensAt.getTime() > now.getTime() ? opensAt : now;

export type ChallengeState = "upcoming" | "open" | "closed";
export type ChallengeWindow = { opensAt: Date; closesAt: Date };

/**
 * Where `now` (the server's clock) falls in the window: open from `opensAt` (inclusive) until
 * `closesAt` (exclusive). Closed wins, so a challenge closed early before it opened reads closed.
 */
export function challengeState(w: ChallengeWindow, now: Date): ChallengeState {
  if (now.getTime() >= w.closesAt.getTime()) return "closed";
  if (now.getTime() < w.opensAt.getTime()) return "upcoming";
  return "open";
}

/** "Close now": it closes at this moment, and an upcoming one never opens. */
export const closedNow = (w: ChallengeWindow, now: Date): ChallengeWindow => ({
  opensAt: w.opensAt.getTime() < now.getTime() ? w.opensAt : now,
  closesAt: w.closesAt.getTime() < now.getTime() ? w.closesAt : now,
});

export const attemptsLeft = (allowed: number, used: number): number => Math.max(0, allowed - used);

/**
 * Who a player is for counting attempts: a member by their id, a guest by the cookie's id (and
 * only among attempts of no member, as solo play's ownership rule has it). Null: nobody yet (a
 * guest who never played has used nothing).
 */
export function playerKey(who: PlayerIdentity | null): string | null {
  if (who?.userId) return `u:${who.userId}`;
  if (who?.guestId) return `g:${who.guestId}`;
  return null;
}

export type StartRefusal =
  | { code: "challenge_closed"; state: "upcoming" | "closed"; at: Date }
  | { code: "no_attempts_left"; allowed: number };

/**
 * Whether a player who has used `used` attempts may start another now. The window is checked
 * first: a closed challenge says so (and when), whatever is left of a player's attempts.
 */
export function startRefusal(c: ChallengeWindow & { attemptsAllowed: number }, used: number, now: Date): StartRefusal | null {
  const state = challengeState(c, now);
  if (state === "upcoming") return { code: "challenge_closed", state, at: c.opensAt };
  if (state === "closed") return { code: "challenge_closed", state, at: c.closesAt };
  if (attemptsLeft(c.attemptsAllowed, used) === 0) return { code: "no_attempts_left", allowed: c.attemptsAllowed };
  return null;
}

/** The English of a refusal, for the API and logs (screens say it from the catalogue). */
export function refusalMessage(r: StartRefusal): string {
  if (r.code === "no_attempts_left") {
    return `You have used ${r.allowed === 1 ? "the one attempt" : `all ${r.allowed} attempts`} this challenge allows.`;
  }
  return r.state === "upcoming"
    ? `This challenge is not open yet: it opens at ${r.at.toISOString()}.`
    : `This challenge has closed: it closed at ${r.at.toISOString()}.`;
}

export type QuizStatus = "draft" | "published" | "hidden";

/**
 * Who sees a challenge's page. Anyone with the code while its quiz is published (that is what
 * a challenge is for, even on a private quiz). When the quiz's owner unpublished it, the
 * challenge's owner keeps its results; a quiz an admin hid is gone for everyone but admins.
 */
export function canSeeChallenge(quizStatus: QuizStatus, viewer: { ownsChallenge: boolean; admin: boolean }): boolean {
  if (quizStatus === "published" || viewer.admin) return true;
  return quizStatus === "draft" && viewer.ownsChallenge;
}

/** Nobody starts a challenge whose quiz is not published (an admin looking at a hidden one neither). */
export const canStartChallenge = (quizStatus: QuizStatus): boolean => quizStatus === "published";

/**
 * How a challenge's attempts are scored (docs/rules.md §11): its owner's speed and streak switches
 * and ×0 / ×1 / ×2 per question (null: each question's own points, a challenge made before).
 */
export type ChallengeScoring = { speedBonus: boolean; streakBonus: boolean; pointsMultipliers: (0 | 1 | 2)[] | null };

/** What a challenge's page and `GET /api/v1/challenges/{code}` show. */
export type ChallengeView = {
  code: string;
  url: string;
  quiz: { slug: string; title: string; language: string; status: QuizStatus };
  owner: { handle: string; name: string };
  opensAt: string;
  closesAt: string;
  attemptsAllowed: number;
  scoring: ChallengeScoring;
  state: ChallengeState;
  /** This viewer's attempts at it (a guest who never played: 0). */
  attemptsUsed: number;
  attemptsLeft: number;
  /** The viewer made it (or is an admin): the page shows every attempt, the CSV and "Close now". */
  canManage: boolean;
  /** This viewer's attempt in progress, offered as "Continue". */
  openAttempt: { id: string; position: number; total: number } | null;
  leaderboard: { top: LeaderboardEntry[]; viewer: LeaderboardEntry | null; players: number };
};

/** One attempt at a challenge, as its owner sees it. */
export type ChallengeAttempt = {
  attemptId: string;
  nickname: string;
  /** The member's handle; null for a guest. */
  handle: string | null;
  status: AttemptStatus;
  score: number;
  correctCount: number;
  questionCount: number;
  startedAt: Date;
  finishedAt: Date | null;
  durationMs: number | null;
};

/** A challenge in its owner's list on /me. */
export type OwnChallenge = {
  code: string;
  quizTitle: string;
  opensAt: Date;
  closesAt: Date;
  attemptsAllowed: number;
  players: number;
  attempts: number;
};

/**
 * The input of a datetime-local field for `date` in a zone `offsetMinutes` east of UTC (the
 * browser's own, from getTimezoneOffset): "2026-05-01T14:30". Minutes only, as the field shows.
 */
export function dateTimeLocalValue(date: Date, offsetMinutes: number): string {
  return new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16);
}
