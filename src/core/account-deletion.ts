import { z } from "./zod";

/**
 * What deleting an account does to each table that refers to it (the database test in
 * src/db/queries/account-deletion.test.ts fails when a table with a reference to `users` has no
 * rule here), and what "Download my data" puts in the file.
 *
 * - `delete`: the account's rows go (sessions, tokens, study data…).
 * - `anonymise`: the rows stay for the others they concern (a quiz's leaderboard, another host's
 *   game, a report), with every trace of the account taken out (`columns` set to `null`, or to the
 *   anonymous nickname).
 * - `owner-choice`: the account's quizzes, kept under a new "deleted user" account that cannot sign
 *   in, or removed with what hangs on them (questions, attempts, games), as the person chooses.
 */
export type DeletionRule =
  | { rule: "delete"; by: string[] }
  | { rule: "anonymise"; by: string[]; nickname?: string }
  | { rule: "owner-choice"; by: string[] };

/** The nickname attempts and players keep once their account is gone. */
export const ANONYMOUS_NICKNAME = "Anonymous";
/** The display name of the account that keeps a deleted account's quizzes. */
export const DELETED_USER_NAME = "Deleted user";

/** Per table (its SQL name), the rule and the columns that hold the account's id. */
export const DELETION_RULES: Readonly<Record<string, DeletionRule>> = {
  users: { rule: "delete", by: ["id"] },
  sessions: { rule: "delete", by: ["user_id"] },
  accounts: { rule: "delete", by: ["user_id"] },
  api_tokens: { rule: "delete", by: ["user_id"] },
  quizzes: { rule: "owner-choice", by: ["owner_id"] },
  challenges: { rule: "delete", by: ["owner_id"] },
  games: { rule: "delete", by: ["host_id"] },
  players: { rule: "anonymise", by: ["user_id"], nickname: ANONYMOUS_NICKNAME },
  attempts: { rule: "anonymise", by: ["user_id"], nickname: ANONYMOUS_NICKNAME },
  favorites: { rule: "delete", by: ["user_id"] },
  ratings: { rule: "delete", by: ["user_id"] },
  reports: { rule: "anonymise", by: ["reporter_id", "resolved_by"] },
  achievements: { rule: "delete", by: ["user_id"] },
  cards: { rule: "delete", by: ["user_id"] },
  review_logs: { rule: "delete", by: ["user_id"] },
  study_settings: { rule: "delete", by: ["user_id"] },
  passkeys: { rule: "delete", by: ["user_id"] },
  two_factors: { rule: "delete", by: ["user_id"] },
  totp_used_codes: { rule: "delete", by: ["user_id"] },
  // The audit log stays whole (what was done, and when), without saying to or by whom.
  admin_audit: { rule: "anonymise", by: ["actor_id", "target_user_id"] },
  // A member's classes go with their roster, assignments and links to attempts (docs/rules.md §13);
  // a member who joined someone else's class leaves its roster.
  classes: { rule: "delete", by: ["owner_id"] },
  class_students: { rule: "delete", by: ["user_id"] },
};

export type QuizChoice = "keep" | "remove";

/** What "Delete my account" sends: what becomes of the quizzes, and the handle typed again to confirm. */
export const deleteAccountInput = z.object({
  quizzes: z.enum(["keep", "remove"]),
  confirm: z.string().trim().toLowerCase().max(30),
});

/** The tables whose rule is missing or names the wrong columns, given each table's columns that refer to users. */
export function missingDeletionRules(userReferences: Record<string, string[]>): string[] {
  return Object.entries(userReferences)
    .filter(([table, columns]) => {
      const rule = DELETION_RULES[table];
      return columns.length > 0 && (!rule || columns.some((c) => !rule.by.includes(c)));
    })
    .map(([table]) => table)
    .sort();
}

/** The order deletion runs in: rows that others point at go last (quizzes before challenges' owner rows are gone, users at the end). */
export const DELETION_ORDER: readonly string[] = [
  "sessions",
  "accounts",
  "api_tokens",
  "favorites",
  "ratings",
  "achievements",
  "review_logs",
  "cards",
  "study_settings",
  "passkeys",
  "two_factors",
  "totp_used_codes",
  "reports",
  "admin_audit",
  "class_students",
  "classes",
  "players",
  "attempts",
  "challenges",
  "games",
  "quizzes",
  "users",
];

/** The file "Download my data" gives, version 1: one key per kind of data. */
export type AccountExport = {
  format: "quizdeck-account-export";
  version: 1;
  exportedAt: string;
  profile: { id: string; handle: string; name: string; email: string; emailVerified: boolean; role: string; locale: string; createdAt: string };
  quizzes: unknown[];
  attempts: unknown[];
  studyCards: unknown[];
  studyReviews: unknown[];
  studySettings: unknown | null;
  challenges: unknown[];
  hostedGames: unknown[];
  favorites: unknown[];
  ratings: unknown[];
  achievements: unknown[];
};

/** The download's file name, by the account's handle and the day (UTC) it was made. */
export function exportFileName(handle: string, now: Date): string {
  return `quizdeck-${handle}-${now.toISOString().slice(0, 10)}.json`;
}
