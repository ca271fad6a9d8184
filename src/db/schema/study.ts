import { sql } from "drizzle-orm";
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { questions, quizzes } from "./quizzes";
import { users } from "./users";

export const cardState = pgEnum("card_state", ["new", "learning", "review", "relearning"]);

/** FSRS memory state of one question for one member (guests keep theirs on the device). */
export const cards = pgTable(
  "cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    // The question's quiz, kept on the card so a deck's due queue is one index range.
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    due: timestamp("due", { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision("stability").notNull().default(0),
    difficulty: doublePrecision("difficulty").notNull().default(0),
    elapsedDays: integer("elapsed_days").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    state: cardState("state").notNull().default("new"),
    lastReview: timestamp("last_review", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("cards_user_question_idx").on(t.userId, t.questionId),
    index("cards_due_idx").on(t.userId, t.due),
    index("cards_user_quiz_due_idx").on(t.userId, t.quizId, t.due),
  ],
);

export const reviewLogs = pgTable(
  "review_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cardId: uuid("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The client's id for this review: sending it twice records it once. */
    clientReviewId: text("client_review_id").notNull(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy (Anki's and FSRS's numbering). */
    grade: smallint("grade").notNull(),
    /** The card's state before the review. */
    state: cardState("state").notNull(),
    due: timestamp("due", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull().default(0),
    /** How long the learner took to answer, when they answered (the optimizer and stats read it). */
    durationMs: integer("duration_ms"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_logs_card_idx").on(t.cardId),
    index("review_logs_user_time_idx").on(t.userId, t.reviewedAt),
    uniqueIndex("review_logs_user_client_idx").on(t.userId, t.clientReviewId),
  ],
);

/** A member's study settings; absent: the defaults. */
export const studySettings = pgTable("study_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  desiredRetention: doublePrecision("desired_retention").notNull().default(0.9),
  newPerDay: integer("new_per_day").notNull().default(20),
  maxReviewsPerDay: integer("max_reviews_per_day").notNull().default(200),
  weights: jsonb("weights").$type<number[] | null>().default(sql`null`),
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
