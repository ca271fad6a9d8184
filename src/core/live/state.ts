import { type Answer } from "../grading";
import { type QuestionData } from "../question";
import { questionPoints } from "../scoring";
import { extendedLimitMs, type ExtraTime } from "../extra-time";
import { LIVE_LIMITS } from "./limits";
import { DEFAULT_SETTINGS, liveSettingsSchema, type EndReason, type LiveErrorCode, type LiveSettings, type Phase, type Stage } from "./schemas";

/**
 * The live game's state (docs/rules.md §4 "Game"): what the server keeps per game, a new game's
 * first state, each player's state, and the lookups and ranking every other part of the engine
 * reads it through. States are never changed in place: each command makes a new one.
 */

// ——— constants ———

/**
 * Answers that arrive this long after the deadline still count (scored as at the deadline):
 * phones on a busy Wi-Fi need a moment to get the last-second tap to the server. The reveal comes
 * this much after the countdown shows zero.
 */
export const LIVE_ANSWER_GRACE_MS = 500;
/**
 * A player whose connection drops is still waited for this long before "everyone has answered"
 * closes the question without it: a phone reloading the page or walking through a Wi-Fi dead spot
 * is back within a few seconds and should find its question still open.
 */
export const DROP_GRACE_MS = 10_000;
export const STATE_VERSION = 1;

// ——— state ———

export type LiveQuestion = {
  id: string;
  prompt: string;
  data: QuestionData;
  timeLimitSeconds: number;
  points: number;
  explanation: string;
  imageUrl?: string | null;
  /** Absent from snapshots of games created before pictures had descriptions. */
  imageAlt?: string | null;
  /** A sound to play with the question (docs/rules.md §5 "Audio"); absent or null without one. */
  audioUrl?: string | null;
  /** The HTML of its formatted texts by source (src/core/rich-text.ts), rendered when the game was created. */
  rich?: Record<string, string>;
};

export type PlayerState = {
  id: string;
  nickname: string;
  /** The nickname came from the generator (so it may be re-rolled). */
  generated: boolean;
  rerollsLeft: number;
  /** Position in join order (0-based), the last tie-break of the ranking. */
  joinSeq: number;
  joinedAt: number;
  /** The first question this player may answer: a player joining mid-game starts at the current one. */
  firstQuestion: number;
  connected: boolean;
  /**
   * When the player's connection dropped, while the question still waits for it (see
   * DROP_GRACE_MS); null (or absent, in older snapshots) when connected, or no longer waited for.
   */
  droppedAt?: number | null;
  kicked: boolean;
  /**
   * What the player typed for the host's extra join field (settings.identifierLabel); null or
   * absent when none was asked. For the report only: no view carries it.
   */
  identifier?: string | null;
  /** The player's team (0-based, src/core/live/teams.ts) in a team game; null or absent otherwise. */
  team?: number | null;
  /**
   * Extra time the host gave this player (×1.5 or ×2 of each question's limit, docs/rules.md §4);
   * absent for none. Shown to the host and to this player only.
   */
  extraTime?: Exclude<ExtraTime, 1>;
  /** In a game for a class: the roster entry whose name this player took (docs/rules.md §13); absent otherwise. */
  rosterId?: string | null;
  /** The host released the roster name: the next device to take it continues as this player. */
  released?: boolean;
  /** Score, streak and total answer time as of the last reveal (never moved by an unrevealed answer). */
  score: number;
  streak: number;
  /** Sum over revealed questions of the answer time, or the full time limit for no answer. */
  totalTimeMs: number;
  /** Score and total time before the last revealed question, for the scoreboard's rank changes. */
  prevScore: number;
  prevTotalTimeMs: number;
  /** 1-based rank among players not kicked; null when kicked. */
  rank: number | null;
  /** Rank before the last revealed question; null if that question was this player's first. */
  previousRank: number | null;
};

export type AnswerRecord = {
  playerId: string;
  answer: Answer;
  correct: boolean;
  /** Share of the points earned (partly right multiple-select is between 0 and 1). */
  share: number;
  /** Points earned, streak bonus included (credited to the score at the reveal). */
  points: number;
  /** The player's streak after this answer. */
  streak: number;
  /** Measured by the server from the answers opening, pauses excluded, at most the time limit. */
  timeMs: number;
  answeredAt: number;
  clientId: string | null;
};

export type Paused = {
  at: number;
  /** What was left until the next boundary (answers opening or closing) when the host paused. */
  remainingMs: number;
};

export type GameState = {
  version: typeof STATE_VERSION;
  id: string;
  pin: string;
  /** Secret per game: seeds the order-question shuffle and generated nicknames. Never sent to a client. */
  seed: string;
  quizTitle: string;
  /** The questions as they were when the game was created (a later edit of the quiz does not change a running game). */
  questions: LiveQuestion[];
  settings: LiveSettings;
  phase: Phase;
  /** -1 in the lobby; the current or last shown question afterwards. */
  index: number;
  /** Within the question phase; null otherwise. */
  stage: Stage | null;
  questionStartedAt: number | null;
  /** When answers open (after the reading delay); moved on by the length of each pause. */
  answersOpenAt: number | null;
  /** The deadline shown to players; moved on by the length of each pause. */
  closesAt: number | null;
  paused: Paused | null;
  /**
   * The open question's time is up for everyone without extra time, and it stays open for the
   * players with extra time who have not answered yet (absent or false otherwise).
   */
  overtime?: boolean;
  /** The last question whose answers were revealed and scored; -1 before the first reveal. */
  lastRevealedIndex: number;
  /**
   * In join order (kicked ones stay, marked). Arrays rather than id-keyed objects: copying a
   * 2,000-key object on every answer costs ~0.6 ms, copying a 2,000-item array a few µs.
   */
  players: PlayerState[];
  /** Per question, the answers in the order they arrived; kept whole for the report and for a restart. */
  answers: AnswerRecord[][];
  joinCount: number;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  endReason: EndReason | null;
  lastActivityAt: number;
  /** Hosted for a class (docs/rules.md §13): players take their names from its roster. Absent otherwise. */
  classGame?: ClassGame | null;
};

/** The class a game is hosted for: its id and its name as it was when the game was created. */
export type ClassGame = { classId: string; className: string };

export type LiveError = { code: LiveErrorCode; message: string };

export type Result<T> = { ok: true; value: T } | { ok: false; error: LiveError };

// ——— helpers ———

/**
 * Lookups over one players array, computed once: an answer leaves `players` as it is, so at 2,000
 * players the answer path does not scan or copy them (they change on joins, connections, kicks
 * and reveals).
 */
type PlayerIndex = {
  byId: Map<string, PlayerState>;
  active: PlayerState[];
  /** Per question index: players not kicked, connected, and in that question (who the question waits for). */
  waiting: Map<number, number>;
  /** Players not kicked whose connection dropped and who may still be waited for (usually none). */
  dropped: PlayerState[];
};
const playerIndexCache = new WeakMap<readonly PlayerState[], PlayerIndex>();

export function playerIndex(players: readonly PlayerState[]): PlayerIndex {
  let idx = playerIndexCache.get(players);
  if (!idx) {
    const active = players.filter((p) => !p.kicked);
    const dropped = active.filter((p) => !p.connected && p.droppedAt != null);
    idx = { byId: new Map(players.map((p) => [p.id, p])), active, waiting: new Map(), dropped };
    playerIndexCache.set(players, idx);
  }
  return idx;
}

function inGrace(p: PlayerState, now: number): boolean {
  return !p.connected && p.droppedAt != null && now < p.droppedAt + DROP_GRACE_MS;
}

/** How many players question i waits for at `now`: connected ones, and dropped ones still in their grace. */
export function waitingCount(s: GameState, i: number, now: number): number {
  const idx = playerIndex(s.players);
  let n = idx.waiting.get(i);
  if (n === undefined) {
    n = 0;
    for (const p of idx.active) if (p.connected && p.firstQuestion <= i) n++;
    idx.waiting.set(i, n);
  }
  for (const p of idx.dropped) if (p.firstQuestion <= i && inGrace(p, now)) n++;
  return n;
}

export function waitedFor(s: GameState, i: number, now: number): PlayerState[] {
  return playerIndex(s.players).active.filter((p) => p.firstQuestion <= i && (p.connected || inGrace(p, now)));
}

/** Forgets drops whose grace is over, so that nextTickAt never points at a past grace. */
export function expireDrops(s: GameState, now: number): GameState {
  const { dropped } = playerIndex(s.players);
  if (dropped.length === 0 || dropped.every((p) => inGrace(p, now))) return s;
  return { ...s, players: s.players.map((p) => (p.droppedAt != null && !inGrace(p, now) ? { ...p, droppedAt: null } : p)) };
}

export function findPlayer(s: GameState, id: string): PlayerState | undefined {
  // A join makes a new players array that is looked up once or twice: a scan is cheaper than an index.
  const idx = playerIndexCache.get(s.players);
  return idx ? idx.byId.get(id) : s.players.find((p) => p.id === id);
}

export function activeCount(s: GameState): number {
  const idx = playerIndexCache.get(s.players);
  if (idx) return idx.active.length;
  let n = 0;
  for (const p of s.players) if (!p.kicked) n++;
  return n;
}

export function withPlayer(s: GameState, player: PlayerState): GameState {
  return { ...s, players: s.players.map((p) => (p.id === player.id ? player : p)) };
}

export function err(code: LiveErrorCode, message: string): LiveError {
  return { code, message };
}

export function question(s: GameState, i: number): LiveQuestion {
  const q = s.questions[i];
  if (!q) throw new Error(`No question ${i} in game ${s.id}`); // an engine bug, never input
  return q;
}

/** The points question i is worth in this game: the host's ×0 / ×1 / ×2, or the quiz's own. */
export function pointsOf(s: GameState, i: number): number {
  return questionPoints(question(s, i).points, s.settings.pointsMultipliers, i);
}

export function answersOf(s: GameState, i: number): AnswerRecord[] {
  return s.answers[i] ?? [];
}

/**
 * Answers of one question by player. Every answer makes a new list (states are immutable); its
 * index moves to the new list with the new answer added, so the answer path never scans the
 * question's answers (at 2,000 players a scan per answer was ~4 million comparisons a question).
 * A state left behind rebuilds its index if it is ever asked.
 */
const answerIndexCache = new WeakMap<readonly AnswerRecord[], Map<string, AnswerRecord>>();

function answerIndex(list: readonly AnswerRecord[]): Map<string, AnswerRecord> {
  let idx = answerIndexCache.get(list);
  if (!idx) {
    idx = new Map(list.map((a) => [a.playerId, a]));
    answerIndexCache.set(list, idx);
  }
  return idx;
}

export function findAnswer(s: GameState, i: number, playerId: string): AnswerRecord | undefined {
  const list = answersOf(s, i);
  return list.length < 16 ? list.find((a) => a.playerId === playerId) : answerIndex(list).get(playerId);
}

/** The question's answers with one more: the index of the old list moves to the new one. */
export function appendAnswer(list: AnswerRecord[], rec: AnswerRecord): AnswerRecord[] {
  const next = [...list, rec];
  const idx = answerIndexCache.get(list);
  if (idx) {
    answerIndexCache.delete(list);
    idx.set(rec.playerId, rec);
    answerIndexCache.set(next, idx);
  }
  return next;
}

export function answersByPlayer(s: GameState, i: number): Map<string, AnswerRecord> {
  return new Map(answersOf(s, i).map((a) => [a.playerId, a]));
}

/** Players not kicked (a fresh array: callers may sort it). */
export function activePlayers(s: GameState): PlayerState[] {
  return [...playerIndex(s.players).active];
}

export const TERMINAL: ReadonlySet<Phase> = new Set(["finished", "cancelled"]);

// ——— extra time ———

/** Question i's time limit for this player: the question's own, ×1.5 or ×2 with extra time. */
export function playerLimitMs(s: GameState, i: number, p: Pick<PlayerState, "extraTime">): number {
  return extendedLimitMs(question(s, i).timeLimitSeconds * 1000, p.extraTime);
}

/** When the open question's answers close for this player (its grace comes on top); null without a clock. */
export function playerClosesAt(s: GameState, p: Pick<PlayerState, "extraTime">): number | null {
  if (s.answersOpenAt === null || s.closesAt === null) return null;
  return s.answersOpenAt + playerLimitMs(s, s.index, p);
}

/**
 * Players with extra time the open question still waits for at `now`: waited for (connected or
 * in their drop grace), not answered, and before their own deadline and its grace. Usually none:
 * the scan runs only once everyone else's time is up.
 */
export function pendingExtraTime(s: GameState, now: number): PlayerState[] {
  if (s.phase !== "question" || s.stage !== "answering") return [];
  return waitedFor(s, s.index, now).filter((p) => {
    if (p.extraTime === undefined || findAnswer(s, s.index, p.id)) return false;
    const closes = playerClosesAt(s, p);
    return closes !== null && now < closes + LIVE_ANSWER_GRACE_MS;
  });
}

/** The latest deadline (grace included) of a player with extra time who has not answered the open question. */
export function lastExtraDeadline(s: GameState): number | null {
  let at: number | null = null;
  for (const p of playerIndex(s.players).active) {
    if (p.extraTime === undefined || p.firstQuestion > s.index || findAnswer(s, s.index, p.id)) continue;
    const closes = playerClosesAt(s, p);
    if (closes !== null) at = Math.max(at ?? 0, closes + LIVE_ANSWER_GRACE_MS);
  }
  return at;
}

// ——— creating a game ———

export type NewGame = {
  id: string;
  pin: string;
  /** A secret random string from the server (not the game id: a player who knew the seed could undo the order shuffle). */
  seed: string;
  quizTitle: string;
  questions: LiveQuestion[];
  settings?: Partial<LiveSettings>;
  classGame?: ClassGame | null;
};

export function createGame(input: NewGame, now: number): Result<GameState> {
  if (input.questions.length === 0 || input.questions.length > LIVE_LIMITS.questionsMax) {
    return { ok: false, error: err("validation_failed", "A live game needs 1–200 questions.") };
  }
  if (input.questions.some((q) => !(q.timeLimitSeconds > 0) || q.points < 0)) {
    return { ok: false, error: err("validation_failed", "Every question needs a time limit and points.") };
  }
  const settings = liveSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...input.settings });
  if (!settings.success) return { ok: false, error: err("validation_failed", settingsMessage(settings.error.issues)) };
  return {
    ok: true,
    value: {
      version: STATE_VERSION,
      id: input.id,
      pin: input.pin,
      seed: input.seed,
      quizTitle: input.quizTitle,
      questions: input.questions,
      settings: settings.data,
      phase: "lobby",
      index: -1,
      stage: null,
      questionStartedAt: null,
      answersOpenAt: null,
      closesAt: null,
      paused: null,
      lastRevealedIndex: -1,
      players: [],
      answers: input.questions.map(() => []),
      joinCount: 0,
      createdAt: now,
      startedAt: null,
      endedAt: null,
      endReason: null,
      lastActivityAt: now,
      ...(input.classGame ? { classGame: input.classGame } : {}),
    },
  };
}

export function settingsMessage(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; ");
}

// ——— players ———

/**
 * The first question a player joining now may answer: the first one in the lobby, the open one
 * during a question, the next one after a reveal (docs/rules.md §4).
 */
export function firstQuestionFor(s: GameState): number {
  return s.phase === "lobby" ? 0 : s.phase === "question" ? s.index : s.index + 1;
}

/** A player who has just joined: connected, nothing scored yet, not ranked yet. */
export function newPlayer(
  p: Pick<PlayerState, "id" | "nickname" | "generated" | "rerollsLeft" | "joinSeq" | "joinedAt" | "firstQuestion"> & { identifier?: string | null; rosterId?: string | null },
): PlayerState {
  return {
    ...(p.rosterId ? { rosterId: p.rosterId } : {}),
    identifier: p.identifier ?? null,
    id: p.id,
    nickname: p.nickname,
    generated: p.generated,
    rerollsLeft: p.rerollsLeft,
    joinSeq: p.joinSeq,
    joinedAt: p.joinedAt,
    firstQuestion: p.firstQuestion,
    connected: true,
    kicked: false,
    score: 0,
    streak: 0,
    totalTimeMs: 0,
    prevScore: 0,
    prevTotalTimeMs: 0,
    rank: null,
    previousRank: null,
  };
}

// ——— ranking ———

function byStanding(a: PlayerState, b: PlayerState): number {
  return b.score - a.score || a.totalTimeMs - b.totalTimeMs || a.joinSeq - b.joinSeq;
}

function byPreviousStanding(a: PlayerState, b: PlayerState): number {
  return b.prevScore - a.prevScore || a.prevTotalTimeMs - b.prevTotalTimeMs || a.joinSeq - b.joinSeq;
}

/**
 * Ranks players not kicked: score (desc), then total answer time (asc: an unanswered question
 * counts as its full time limit), then join order. Every rank is distinct.
 */
export function rank(s: GameState): GameState {
  const active = activePlayers(s);
  const ranks = new Map<string, number>();
  [...active].sort(byStanding).forEach((p, i) => ranks.set(p.id, i + 1));
  const before = new Map<string, number>();
  active
    .filter((p) => p.firstQuestion < s.lastRevealedIndex)
    .sort(byPreviousStanding)
    .forEach((p, i) => before.set(p.id, i + 1));
  let changed = false;
  const players = s.players.map((p) => {
    const r = ranks.get(p.id) ?? null;
    const pr = before.get(p.id) ?? null;
    if (p.rank === r && p.previousRank === pr) return p;
    changed = true;
    return { ...p, rank: r, previousRank: pr };
  });
  return changed ? { ...s, players } : s;
}

/** Answers to question i from players still in the game. */
export function activeAnswers(s: GameState, i: number, byId?: Map<string, PlayerState>): AnswerRecord[] {
  const players = byId ?? playerIndex(s.players).byId;
  return answersOf(s, i).filter((a) => players.get(a.playerId)?.kicked === false);
}

/** Players not kicked, best first. */
export function standings(s: GameState): PlayerState[] {
  return activePlayers(s).sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
}
