import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { QuestionData } from "@/core/question";
import { users } from "./users";

export const quizDifficulty = pgEnum("quiz_difficulty", ["easy", "medium", "hard", "mixed"]);
export const quizVisibility = pgEnum("quiz_visibility", ["public", "unlisted", "private"]);
export const quizStatus = pgEnum("quiz_status", ["draft", "published", "hidden"]);
export const questionType = pgEnum("question_type", ["single", "multiple", "boolean", "text", "order", "number", "poll", "slide", "wordcloud", "open"]);

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const quizzes = pgTable(
  "quizzes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    difficulty: quizDifficulty("difficulty").notNull().default("mixed"),
    language: text("language").notNull().default("en"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    visibility: quizVisibility("visibility").notNull().default("public"),
    status: quizStatus("status").notNull().default("draft"),
    speedBonus: boolean("speed_bonus").notNull().default(true),
    streakBonus: boolean("streak_bonus").notNull().default(true),
    timeLimit: integer("time_limit").notNull().default(20),
    source: text("source"),
    licence: text("licence"),
    playCount: integer("play_count").notNull().default(0),
    ratingAvg: doublePrecision("rating_avg").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    // Both kept by the trigger quizzes_search_refresh (migration 0001), so every write path stays searchable.
    searchText: text("search_text").notNull().default(""),
    search: tsvector("search"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // The editor's working copy (src/core/editor.ts EditorDoc), saved as typed, valid or not;
    // publishing validates it and writes the questions. draftVersion detects a save from a stale tab.
    draft: jsonb("draft"),
    draftVersion: integer("draft_version").notNull().default(0),
  },
  (t) => [
    index("quizzes_owner_idx").on(t.ownerId),
    index("quizzes_listing_idx").on(t.status, t.visibility),
    index("quizzes_category_idx").on(t.category),
    index("quizzes_search_idx").using("gin", t.search),
    index("quizzes_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const questions = pgTable(
  "questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: questionType("type").notNull(),
    prompt: text("prompt").notNull(),
    data: jsonb("data").$type<QuestionData>().notNull(),
    explanation: text("explanation").notNull().default(""),
    hint: text("hint"),
    timeLimit: integer("time_limit"),
    points: integer("points").notNull().default(1000),
    imageUrl: text("image_url"),
    // What the picture shows, for people who cannot see it (its alt text); null without one.
    imageAlt: text("image_alt"),
    // A sound played with the question, a link to the author's own address (docs/rules.md §5 "Audio").
    audioUrl: text("audio_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("questions_quiz_position_idx").on(t.quizId, t.position)],
);
