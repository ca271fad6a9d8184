import "server-only";
import { and, asc, desc, eq, inArray, isNotNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { QuestionData, QuestionType } from "@/core/question";
import { isUniqueViolation, type Db } from "../client";
import type { AnswerWrite, CommitResult, GameRow, GameWrite, LeaseFence, PlayerWrite } from "@/core/live/stored";
import { gameAnswers, games, players, questions, quizzes, users, type GameSettings } from "../schema";

/** The open game (not finished or cancelled) that has this PIN, if any. */
export async function findOpenGameByPin(db: Db, pin: string) {
  const [game] = await db
    // The quiz's language: the phones read questions aloud in it.
    .select({ id: games.id, state: games.state, settings: games.settings, language: quizzes.language, classId: games.classId })
    .from(games)
    .innerJoin(quizzes, eq(quizzes.id, games.quizId))
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
  imageAlt: string | null;
  audioUrl: string | null;
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
        imageAlt: r.imageUrl ? r.imageAlt : null,
        audioUrl: r.audioUrl,
      }),
    ),
  };
}

/**
 * Inserts a new game in the lobby with a PIN no open game has. `pins()` yields candidate PINs;
 * the partial unique index on open games decides, so two hosts racing for one PIN cannot both win.
 */
export async function insertGame(
  db: Db,
  input: { id: string; quizId: string; hostId: string; settings: GameSettings; snapshot: (pin: string) => string; classId?: string | null },
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
        classId: input.classId ?? null,
        snapshot: sql`${input.snapshot(pin)}::jsonb`,
      });
      return { id: input.id, pin };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("No free game PIN found");
}

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

/**
 * One group commit for one game, in one transaction: the answers (a second answer of a player to
 * a question is dropped by the unique index: ON CONFLICT DO NOTHING), the players' rows (insert or
 * update), and the game row with its snapshot when given. Nothing is acknowledged before this
 * resolves "stored".
 *
 * With a `fence`, the transaction first checks that the lease is still the fence's (owner and
 * epoch) and holds the lease row locked (FOR SHARE) until it commits: a takeover, which updates
 * that row, waits for the commit and then reads the game with it, and a commit after a takeover
 * finds another owner or epoch and stores nothing. An instance paused past its lease (a long GC,
 * SIGSTOP) can therefore never store or acknowledge an answer in a game another instance runs.
 */
export async function commitGameBatch(
  db: Db,
  gameId: string,
  batch: { answers: AnswerWrite[]; players: PlayerWrite[]; game: GameWrite | null },
  fence?: LeaseFence,
): Promise<CommitResult> {
  // Rows go in as one JSON parameter each (jsonb_to_recordset), not one bound parameter per
  // value: at 2,000 players a reveal writes 2,000 player rows, which as separate parameters
  // would cost the query builder and the wire protocol more than the write itself, and would
  // pass PostgreSQL's limit of 65,535 parameters at about 7,000 players.
  const statements: SQL[] = [];
  if (batch.players.length > 0) {
    const rows = JSON.stringify(
      batch.players.map((p) => ({
        id: p.id,
        nickname: p.nickname,
        identifier: p.identifier ?? null,
        team: p.team ?? null,
        class_student_id: p.classStudentId ?? null,
        token_hash: p.tokenHash,
        score: p.score,
        streak: p.streak,
        kicked: p.kicked,
        connected: p.connected,
        joined_at: p.joinedAt.toISOString(),
      })),
    );
    statements.push(sql`
      insert into players (id, game_id, nickname, identifier, team, class_student_id, token_hash, score, streak, kicked, connected, joined_at)
      select r.id, ${gameId}::uuid, r.nickname, r.identifier, r.team, r.class_student_id, r.token_hash, r.score, r.streak, r.kicked, r.connected, r.joined_at
      from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, nickname text, identifier text, team smallint, class_student_id uuid, token_hash text, score integer,
        streak integer, kicked boolean, connected boolean, joined_at timestamptz)
      on conflict (id) do update set nickname = excluded.nickname, team = excluded.team, score = excluded.score,
        streak = excluded.streak, kicked = excluded.kicked, connected = excluded.connected`);
    // A roster name released or taken by another device (docs/rules.md §13): the old token stops working.
    const rotated = batch.players.filter((p) => p.newTokenHash).map((p) => ({ id: p.id, token_hash: p.newTokenHash }));
    if (rotated.length > 0) {
      statements.push(sql`
        update players set token_hash = r.token_hash
        from jsonb_to_recordset(${JSON.stringify(rotated)}::jsonb) as r(id uuid, token_hash text)
        where players.id = r.id and players.game_id = ${gameId}::uuid`);
    }
  }
  if (batch.answers.length > 0) {
    // One row per player and question, the last write winning (an estimation's answer re-scored at
    // the reveal may follow its first write in the same batch; one statement updates a row once).
    const last = new Map(batch.answers.map((a) => [`${a.playerId}/${a.questionId}`, a]));
    const rows = JSON.stringify(
      [...last.values()].map((a) => ({
        player_id: a.playerId,
        question_id: a.questionId,
        question_index: a.questionIndex,
        answer: a.answer ?? null,
        correct: a.correct,
        points: a.points,
        time_ms: a.timeMs,
        client_id: a.clientId,
        answered_at: a.answeredAt.toISOString(),
      })),
    );
    statements.push(sql`
      insert into game_answers (game_id, player_id, question_id, question_index, answer, correct, points, time_ms, client_id, answered_at)
      select ${gameId}::uuid, r.player_id, r.question_id, r.question_index, r.answer, r.correct, r.points, r.time_ms, r.client_id, r.answered_at
      from jsonb_to_recordset(${rows}::jsonb) as r(player_id uuid, question_id uuid, question_index integer, answer jsonb,
        correct boolean, points integer, time_ms integer, client_id text, answered_at timestamptz)
      on conflict (player_id, question_id) do update set correct = excluded.correct, points = excluded.points
        where game_answers.answer is not distinct from excluded.answer and game_answers.client_id is not distinct from excluded.client_id
          and game_answers.answered_at = excluded.answered_at`);
  }
  if (batch.game) {
    const g = batch.game;
    statements.push(sql`
      update games set state = ${g.state}, current_question = ${g.currentQuestion},
        question_started_at = ${g.questionStartedAt?.toISOString() ?? null}::timestamptz,
        settings = ${JSON.stringify(g.settings)}::jsonb, finished_at = ${g.finishedAt?.toISOString() ?? null}::timestamptz,
        snapshot = ${g.snapshot}::jsonb, updated_at = now()
      where id = ${gameId}::uuid`);
  }
  if (statements.length === 0) return "stored";
  if (fence) {
    return db.transaction(async (tx) => {
      const held = (await tx.execute(
        sql`select 1 as one from game_leases
          where game_id = ${gameId}::uuid and owner = ${fence.owner} and epoch = ${fence.epoch}
          for share`,
      )) as unknown as { rows: unknown[] };
      // Nothing written yet: the empty transaction commits and lets the row go.
      if (held.rows.length === 0) return "lease_lost" as const;
      for (const statement of statements) await tx.execute(statement);
      return "stored" as const;
    });
  }
  // One statement is atomic by itself (the common case: a batch of answers); more need a transaction.
  if (statements.length === 1) {
    await db.execute(statements[0]!);
    return "stored";
  }
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
  return "stored";
}

/** The stored answers of a game in the order they arrived, for a restore to merge into the snapshot. */
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
    .where(eq(gameAnswers.gameId, gameId))
    .orderBy(asc(gameAnswers.answeredAt), asc(gameAnswers.id));
}

/** Players' rows of a game (token hashes included: the server keeps them to resume players). */
export async function listGamePlayers(db: Db, gameId: string) {
  return db
    .select({
      id: players.id,
      nickname: players.nickname,
      identifier: players.identifier,
      team: players.team,
      tokenHash: players.tokenHash,
      kicked: players.kicked,
      joinedAt: players.joinedAt,
      classStudentId: players.classStudentId,
    })
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

/**
 * The games hosted for a class that are over (finished, or ended by the host), oldest first: the
 * class's gradebook and its students' histories count them (docs/rules.md §13).
 */
export async function listClassGames(db: Db, classId: string): Promise<GameRow[]> {
  return db
    .select(gameRowColumns)
    .from(games)
    .where(and(eq(games.classId, classId), inArray(games.state, ["finished", "cancelled"]), isNotNull(games.snapshot)))
    .orderBy(asc(games.createdAt), asc(games.id));
}
