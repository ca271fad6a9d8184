import { csvDocument } from "../csv";
import type { ChallengeAttempt } from "./rules";

export const RESULTS_CSV_HEADER = [
  "nickname",
  "member",
  "status",
  "score",
  "correct",
  "questions",
  "started_at",
  "finished_at",
  "duration_seconds",
] as const;

/**
 * A challenge's attempts as its owner downloads them: one row an attempt in the order given
 * (started first), a member by handle and a guest as "guest", times in UTC (ISO 8601), so a
 * spreadsheet in any zone reads them alike.
 */
export function resultsCsv(attempts: readonly ChallengeAttempt[]): string {
  return csvDocument(
    RESULTS_CSV_HEADER,
    attempts.map((a) => [
      a.nickname,
      a.handle ?? "guest",
      a.status,
      a.score,
      a.correctCount,
      a.questionCount,
      a.startedAt.toISOString(),
      a.finishedAt?.toISOString() ?? null,
      a.durationMs === null ? null : Math.round(a.durationMs / 1000),
    ]),
  );
}

/** The file's name: the challenge's code and the day it is downloaded. */
export const resultsFileName = (code: string, now: Date) => `quizdeck-challenge-${code}-${now.toISOString().slice(0, 10)}.csv`;
