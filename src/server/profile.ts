import "server-only";
import { getDb } from "@/db";
import { getProfile, listApiTokens, listFavorites, listHistory, listOwnQuizzes, listPublicQuizzesOf } from "@/db/queries/profile";

/** Members' pages as /u/[handle] and /me read them: thin calls into src/db/queries/profile. */

export type { OwnQuiz } from "@/db/queries/profile";

/** A member's public profile and stats, by handle, or null. */
export async function memberProfile(handle: string) {
  return getProfile(await getDb(), handle);
}

/** The published public quizzes a member wrote (their profile). */
export async function publicQuizzesOf(userId: string) {
  return listPublicQuizzesOf(await getDb(), userId);
}

/** A member's favorites, most recently starred first (a quiz they may no longer see drops out). */
export async function favoritesOf(userId: string) {
  return listFavorites(await getDb(), userId);
}

/** A member's attempts, newest first. */
export async function historyOf(userId: string) {
  return listHistory(await getDb(), userId);
}

/** Every quiz a member owns, drafts and hidden ones included. */
export async function ownQuizzesOf(userId: string) {
  return listOwnQuizzes(await getDb(), userId);
}

/** A member's API tokens (never the secrets). */
export async function apiTokensOf(userId: string) {
  return listApiTokens(await getDb(), userId);
}
