import "server-only";
import { and, asc, desc, eq, gt, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import type { QuestionData, QuestionType } from "@/core/question";
import type { Db } from "../client";
import { gameAnswers, games, players, questions, quizzes, sessions, users, type GameSettings } from "../schema";

/** The open game (not finished or cancelled) that has this PIN, if any. */
export async function findOpenGameByPin(db: Db, pin: string) {
  const [game] = await db
    .select({ id: games.id, state: games.state, settings: games.settings })
    .from(games)
    .where(and(eq(games.pin, pin), notInArray(games.state, ["finished", "cancelled"])));
  return game ?? null;
}

export type LiveQuizQuestion = {
  id: string;
  type: QuestionType;
  prompt: string;
  data: QuestionData;
  timeLimitSeconds: number;
  points: number;
  explanation: string;
  imageUrl: string | null;
};

/** A quiz with its answer key, for the server to start a live game with (never sent to a client). */
export async function loadQuizForGame(db: Db, quizId: string) {
  const [quiz] = await db
    .select({ id: quizzes.id, title: quizzes.title, timeLimit: quizzes.timeLimit, speedBonus: quizzes.speedBonus, streakBonus: quizzes.streakBonus })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  if (!quiz) return null;
  const rows = await db.select().from(questions).where(eq(questions.quizId, quizId)).orderBy(asc(questions.position));
  return {
    ...quiz,
    questions: rows.map(
      (r): LiveQuizQuestion => ({
        id: r.id,
        type: r.type,
        prompt: r.prompt,
        data: r.data,
        timeLimitSeconds: r.timeLimit ?? quiz.timeLimit,
        points: r.points,
        explanation: r.explanation,
        imageUrl: r.imageUrl,
      }),
    ),
  };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Inserts a new game in the lobby with a PIN no open game has. `pins()` yields candidate PINs;
 * the partial unique index on open games decides, so two hosts racing for one PIN cannot both win.
 */
export async function insertGame(
  db: Db,
  input: { id: string; quizId: string; hostId: string; settings: GameSettings; snapshot: (pin: string) => string },
  pins: () => string,
  attempts = 20,
): Promise<{ id: string; pin: string }> {
  for (let i = 0; i < attempts; i++) {
    const pin = pins();
    try {
      await db.insert(games).values({
        id: input.id,
        pin,
        quizId: input.quizId,
        hostId: input.hostId,
        settings: input.settings,
        snapshot: sql`${input.snapshot(pin)}::jsonb`,
      });
      return { id: input.id, pin };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("No free game PIN found");
}

export type GameRow = {
  id: string;
  pin: string;
  hostId: string;
  quizId: string;
  state: (typeof games.$inferSelect)["state"];
  snapshot: unknown;
};

const gameRowColumns = { id: games.id, pin: games.pin, hostId: games.hostId, quizId: games.quizId, state: games.state, snapshot: games.snapshot };

export async function getGame(db: Db, gameId: string): Promise<GameRow | null> {
  const [row] = await db.select(gameRowColumns).from(games).where(eq(games.id, gameId));
  return row ?? null;
}

/** Every game not finished or cancelled that has a snapshot: what a restarted server resumes. */
export async function listOpenGames(db: Db): Promise<GameRow[]> {
  return db
    .select(gameRowColumns)
    .from(games)
    .where(and(notInArray(games.state, ["finished", "cancelled"]), isNotNull(games.snapshot)));
}

export type GameWrite = {
  state: (typeof games.$inferSelect)["state"];
  currentQuestion: number;
  questionStartedAt: Date | null;
  settings: GameSettings;
  finishedAt: Date | null;
  snapshot: string;
};

export type PlayerWrite = {
  id: string;
  nickname: string;
  /** Only for a new player; an existing row keeps its hash. */
  tokenHash: string;
  score: number;
  streak: number;
  kicked: boolean;
  connected: boolean;
  joinedAt: Date;
};

export type AnswerWrite = {
  playerId: string;
  questionId: string;
  questionIndex: number;
  answer: unknown;
  correct: boolean;
  points: number;
  timeMs: number;
  clientId: string | null;
  answeredAt: Date;
};

/**
 * One group commit for one game, in one transaction: the answers (a second answer of a player to
 * a question is dropped by the unique index: ON CONFLICT DO NOTHING), the players' rows (insert or
 * update), and the game row with its snapshot when given. Nothing is acknowledged before this
 * resolves.
 */
export async function commitGameBatch(
  db: Db,
  gameId: string,
  batch: { answers: AnswerWrite[]; players: PlayerWrite[]; game: GameWrite | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (batch.players.length > 0) {
      await tx
        .insert(players)
        .values(batch.players.map((p) => ({ ...p, gameId })))
        .onConflictDoUpdate({
          target: players.id,
          set: {
            nickname: sql`excluded.nickname`,
            score: sql`excluded.score`,
            streak: sql`excluded.streak`,
            kicked: sql`excluded.kicked`,
            connected: sql`excluded.connected`,
          },
        });
    }
    if (batch.answers.length > 0) {
      await tx
        .insert(gameAnswers)
        .values(batch.answers.map((a) => ({ ...a, gameId })))
        .onConflictDoNothing();
    }
    if (batch.game) {
      const g = batch.game;
      await tx
        .update(games)
        .set({
          state: g.state,
          currentQuestion: g.currentQuestion,
          questionStartedAt: g.questionStartedAt,
          settings: g.settings,
          finishedAt: g.finishedAt,
          snapshot: sql`${g.snapshot}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(games.id, gameId));
    }
  });
}

/** The stored answers of a game, for a restart to merge those newer than the snapshot. */
export async function listGameAnswers(db: Db, gameId: string) {
  return db
    .select({
      playerId: gameAnswers.playerId,
      questionIndex: gameAnswers.questionIndex,
      answer: gameAnswers.answer,
      correct: gameAnswers.correct,
      points: gameAnswers.points,
      timeMs: gameAnswers.timeMs,
      clientId: gameAnswers.clientId,
      answeredAt: gameAnswers.answeredAt,
    })
    .from(gameAnswers)
    .where(eq(gameAnswers.gameId, gameId));
}

/** Players' rows of a game (token hashes included: the server keeps them to resume players). */
export async function listGamePlayers(db: Db, gameId: string) {
  return db
    .select({ id: players.id, nickname: players.nickname, tokenHash: players.tokenHash, kicked: players.kicked, joinedAt: players.joinedAt })
    .from(players)
    .where(eq(players.gameId, gameId));
}

/** The player a resume token belongs to (by its hash), with its game. */
export async function findPlayerByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ playerId: players.id, gameId: players.gameId, kicked: players.kicked, pin: games.pin })
    .from(players)
    .innerJoin(games, eq(games.id, players.gameId))
    .where(eq(players.tokenHash, tokenHash));
  return row ?? null;
}

/** The signed-in user of a Better Auth session token (the part of the cookie before its signature). */
export async function findSessionUser(db: Db, sessionToken: string): Promise<{ id: string; admin: boolean } | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sessionToken), gt(sessions.expiresAt, sql`now()`)));
  return row ? { id: row.id, admin: row.role === "admin" } : null;
}

export type HostedGame = {
  id: string;
  pin: string;
  state: (typeof games.$inferSelect)["state"];
  quizTitle: string;
  quizSlug: string;
  playerCount: number;
  createdAt: Date;
  finishedAt: Date | null;
};

/** A host's games, newest first (for their history on /me): each links to its report. */
export async function listHostedGames(db: Db, userId: string, limit = 50): Promise<HostedGame[]> {
  const rows = await db
    .select({
      id: games.id,
      pin: games.pin,
      state: games.state,
      quizTitle: quizzes.title,
      quizSlug: quizzes.slug,
      createdAt: games.createdAt,
      finishedAt: games.finishedAt,
      playerCount: sql<number>`(select count(*)::int from ${players} where ${players.gameId} = ${games.id} and not ${players.kicked})`,
    })
    .from(games)
    .innerJoin(quizzes, eq(quizzes.id, games.quizId))
    .where(eq(games.hostId, userId))
    .orderBy(desc(games.createdAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, playerCount: Number(r.playerCount) }));
}

/** The host's display name (for the host screen's header). */
export async function hostName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** Marks the given open games' players disconnected (a restart: no socket survives it). */
export async function markPlayersDisconnected(db: Db, gameIds: string[]): Promise<void> {
  if (gameIds.length === 0) return;
  await db.update(players).set({ connected: false }).where(inArray(players.gameId, gameIds));
}
