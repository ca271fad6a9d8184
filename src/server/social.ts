import "server-only";
import type { SocialState } from "@/core/social";
import { getDb } from "@/db";
import { getSocialState } from "@/db/queries/social";

/** A member's favorite, rating and report of one quiz (the quiz page's social bar). */
export async function socialStateOf(userId: string, quizId: string): Promise<SocialState> {
  return getSocialState(await getDb(), userId, quizId);
}
