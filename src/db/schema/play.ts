import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { questions, quizzes } from "./quizzes";
import { users } from "./users";

export const attemptStatus = pgEnum("attempt_status", ["in_progress", "finished", "abandoned"]);

export const challenges = pgTable(
  "challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull().defaultNow(),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    attemptsAllowed: integer("attempts_allowed").notNull().default(1),
    // The owner's scoring (src/core/scoring.ts ScoringRules); null (challenges made before it
    // could be chosen): the quiz's own, as the attempt is played.
    speedBonus: boolean("speed_bonus"),
    streakBonus: boolean("streak_bonus"),
    pointsMultipliers: jsonb("points_multipliers").$type<(0 | 1 | 2)[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The owner's list on /me reads by owner.
  (t) => [index("challenges_quiz_idx").on(t.quizId), index("challenges_owner_idx").on(t.ownerId)],
);

/** A solo play of a quiz, by a member (userId) or a guest (guestId, a signed cookie identity). */
export const attempts = pgTable(
  "attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    guestId: text("guest_id"),
    challengeId: uuid("challenge_id").references(() => challenges.id, { onDelete: "set null" }),
    nickname: text("nickname").notNull(),
    status: attemptStatus("status").notNull().default("in_progress"),
    score: integer("score").notNull().default(0),
    correctCount: integer("correct_count").notNull().default(0),
    streak: integer("streak").notNull().default(0),
    bestStreak: integer("best_streak").notNull().default(0),
    hintsUsed: integer("hints_used").notNull().default(0),
    // The question being played (0-based, in quiz order), when the server first showed it to the
    // player (null: not shown yet, so its clock has not started), and whether its hint was taken.
    currentPosition: integer("current_position").notNull().default(0),
    questionStartedAt: timestamp("question_started_at", { withTimezone: true }),
    currentHintUsed: boolean("current_hint_used").notNull().default(false),
    questionCount: integer("question_count").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    durationMs: integer("duration_ms"),
  },
  (t) => [
    index("attempts_leaderboard_idx").on(t.quizId, t.status, t.score),
    index("attempts_user_idx").on(t.userId),
    index("attempts_guest_idx").on(t.guestId),
    // A challenge's leaderboard, its owner's results and each player's attempts used read by challenge.
    index("attempts_challenge_idx").on(t.challengeId),
  ],
);

export const attemptAnswers = pgTable(
  "attempt_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    answer: jsonb("answer"),
    correct: boolean("correct").notNull(),
    points: integer("points").notNull().default(0),
    timeMs: integer("time_ms").notNull(),
    hintUsed: boolean("hint_used").notNull().default(false),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    /** An open answer's mark by its challenge's owner ("right" or "wrong"); null while not marked (docs/rules.md §11). */
    openMark: text("open_mark").$type<"right" | "wrong">(),
  },
  // One answer per question: a second one is refused by the database, not only by the app.
  (t) => [uniqueIndex("attempt_answers_once_idx").on(t.attemptId, t.questionId)],
);
