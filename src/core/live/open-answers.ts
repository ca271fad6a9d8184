import { isProfane } from "../profanity";

/**
 * Open answers at a live reveal (docs/rules.md §5), apart from src/core/open-answer.ts so the
 * quiz schema (and the editor's bundle) never reads the profanity filter's word lists.
 */
/** Answers the host's screen receives at a reveal (2,000 players would be megabytes). */
export const OPEN_SHOWN_MAX = 200;

/**
 * The answers the host may show the room: trimmed, non-empty, first given first, profane ones left
 * out (as the big screen's typed answers are), at most 200.
 */
export function openAnswersShown(answers: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const a of answers) {
    if (out.length >= OPEN_SHOWN_MAX) break;
    if (typeof a !== "string" || a.trim() === "" || isProfane(a)) continue;
    out.push(a.trim());
  }
  return out;
}
