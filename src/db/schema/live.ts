import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { classes } from "./classes";
import { quizzes } from "./quizzes";
import { users } from "./users";

export const gameState = pgEnum("game_state", [
  "lobby",
  "question",
  "reveal",
  "scoreboard",
  "podium",
  "finished",
  "cancelled",
]);

export type GameSettings = {
  locked: boolean;
  generatedNicknamesOnly: boolean;
  maxPlayers: number;
  speedBonus: boolean;
  streakBonus: boolean;
  readingDelaySeconds: number;
  /** Absent from games created before the host could set them (src/core/live/schemas.ts). */
  pointsMultipliers?: (0 | 1 | 2)[];
  identifierLabel?: string | null;
  questionOnPhones?: boolean;
  /** Team mode (src/core/live/teams.ts); null or absent: played alone. */
  teams?: { count: number; assign: "even" | "pick"; names?: string[] } | null;
};

export const games = pgTable(
  "games",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    pin: text("pin").notNull(),
    quizId: uuid("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    hostId: text("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: gameState("state").notNull().default("lobby"),
    currentQuestion: integer("current_question").notNull().default(-1),
    questionStartedAt: timestamp("question_started_at", { withTimezone: true }),
    settings: jsonb("settings").$type<GameSettings>().notNull(),
    // The engine's state (src/core/live/engine.ts serializeSnapshot): questions as they were at
    // the start, seed, timers and players; the answers are game_answers rows, merged back in by
    // src/server/live/load-state.ts, so a restarted server resumes the game where it was.
    snapshot: jsonb("snapshot"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    // Hosted for one of the host's classes (docs/rules.md §13): players take roster names, and the
    // class's gradebook counts the game. Deleting the class leaves the game as any other.
    classId: uuid("class_id").references(() => classes.id, { onDelete: "set null" }),
  },
  (t) => [
    index("games_class_idx").on(t.classId),
    // A PIN is unique among open games only; finished games give theirs back.
    uniqueIndex("games_open_pin_idx")
      .on(t.pin)
      .where(sql`${t.state} not in ('finished', 'cancelled')`),
    index("games_host_idx").on(t.hostId),
  ],
);

export const players = pgTable(
  "players",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    nickname: text("nickname").notNull(),
    // What the player typed for the host's join field (settings.identifierLabel): report only.
    identifier: text("identifier"),
    // The player's team in a team game (0-based, src/core/live/teams.ts); null otherwise.
    team: smallint("team"),
    tokenHash: text("token_hash").notNull(),
    score: integer("score").notNull().default(0),
    streak: integer("streak").notNull().default(0),
    kicked: boolean("kicked").notNull().default(false),
    connected: boolean("connected").notNull().default(false),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    // A game for a class: the roster entry (class_students.id) whose name the player took. No
    // foreign key: a group commit must never fail on a student removed meanwhile; removing a
    // student or a class clears it (src/db/queries/classes.ts).
    classStudentId: uuid("class_student_id"),
  },
  (t) => [
    index("players_class_student_idx").on(t.classStudentId),
    uniqueIndex("players_nickname_idx").on(t.gameId, sql`lower(${t.nickname})`),
    uniqueIndex("players_token_idx").on(t.tokenHash),
  ],
);

export const gameAnswers = pgTable(
  "game_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    // No foreign keys to players and questions: the answer belongs to the game (its rows go with
    // the game's), and the game plays its own copy of the questions (the snapshot), so editing
    // the quiz later must not delete a past game's answers. Each key also cost a lookup and a row
    // lock per answer in every group commit (~30% of it on PGlite; docs/benchmarks.md).
    playerId: uuid("player_id").notNull(),
    questionId: uuid("question_id").notNull(),
    answer: jsonb("answer"),
    correct: boolean("correct").notNull(),
    points: integer("points").notNull().default(0),
    timeMs: integer("time_ms").notNull(),
    questionIndex: integer("question_index").notNull().default(0),
    // The client's id for this answer, so a resend after a restart is still recognised.
    clientId: text("client_id"),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("game_answers_once_idx").on(t.playerId, t.questionId), index("game_answers_game_idx").on(t.gameId)],
);

/** Fencing tokens of game leases: one sequence for every game, so a token is never handed out twice. */
export const gameLeaseEpochs = pgSequence("game_lease_epochs");

/**
 * Who runs each live game when several instances share one PostgreSQL (docs/architecture.md,
 * "Several instances"): one row per game an instance has taken, renewed by its heartbeat. A row
 * whose `expires_at` has passed belongs to nobody; `handoff_to` is an instance that has a socket
 * of this game and asks the owner to let it go. `epoch` is the lease's fencing token: new each
 * time an instance takes the lease (not when its owner renews it), and checked by every group
 * commit of the game in the commit's own transaction.
 */
export const gameLeases = pgTable("game_leases", {
  gameId: uuid("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  owner: text("owner").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  handoffTo: text("handoff_to"),
  epoch: bigint("epoch", { mode: "number" })
    .notNull()
    .default(sql`nextval('game_lease_epochs')`),
});
