import { gradeAnswer, normalizeText, parseAnswer, type Answer } from "../grading";
import { checkNickname, type NicknameProblem } from "../nickname";
import { isProfane } from "../profanity";
import { answerFeedback, toPublicData, type QuestionData } from "../question";
import { scoreAnswer } from "../scoring";
import { csvDocument } from "../csv";
import { generateNickname, seededRandom } from "./nicknames";
import {
  DEFAULT_SETTINGS,
  LIVE_LIMITS,
  liveSettingsSchema,
  LOBBY_IDLE_MS,
  NICKNAME_REROLLS,
  PODIUM_SIZE,
  SCOREBOARD_SIZE,
  settingsPatchSchema,
  SUSPICIOUS_ANSWER_MS,
  type Distribution,
  type EndReason,
  type HostView,
  type LiveErrorCode,
  type LiveSettings,
  type Phase,
  type PlayerPersonal,
  type PlayerShared,
  type PlayerView,
  type PublicQuestion,
  type RankedPlayer,
  type Report,
  type RevealedKey,
  type RevealSummary,
  type SettingsPatch,
  type Stage,
  type Timing,
} from "./protocol";
import { composePlayerView } from "./views";

/**
 * The live-game engine (docs/rules.md §4 "Game"): a pure, deterministic state machine. The server
 * owns one `GameState` per game, feeds it commands with its own clock (`now`, ms since epoch),
 * adopts the returned state, carries out the returned effects and wakes it at `nextTickAt`.
 * Nothing here reads a clock, a random source or a socket, so a game can be replayed, tested and
 * restored from its JSON after a restart. See docs/live-protocol.md.
 */

// ——— constants ———

/**
 * Answers that arrive this long after the deadline still count (scored as at the deadline):
 * phones on a busy Wi-Fi need a moment to get the last-second tap to the server. The reveal comes
 * this much after the countdown shows zero.
 */
export const ANSWER_GRACE_MS = 500;
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
};

// ——— commands, effects, outcomes ———

export type Command =
  /** A new player. `nickname` omitted (or the game takes generated names only): a generated one. */
  | { type: "join"; playerId: string; nickname?: string }
  | { type: "reroll"; playerId: string }
  | { type: "reconnect"; playerId: string }
  /**
   * The player's last socket closed. It is still waited for during DROP_GRACE_MS, unless
   * `immediate` (the server already waited, e.g. for phones to come back after a restart).
   */
  | { type: "disconnect"; playerId: string; immediate?: boolean }
  | { type: "answer"; playerId: string; questionIndex: number; answer: unknown; clientId?: string }
  | { type: "kick"; playerId: string }
  | { type: "settings"; patch: SettingsPatch }
  | { type: "lock" }
  | { type: "unlock" }
  | { type: "start" }
  | { type: "next" }
  | { type: "skip" }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "end" }
  | { type: "finish" }
  /** The server's timer: catches the game up with the clock (answers open, time up, lobby expiry). */
  | { type: "tick" }
  /** Activity that changes nothing (the host attached): keeps an idle lobby alive. */
  | { type: "touch" };

export type Effect =
  | {
      kind: "persistAnswer";
      questionIndex: number;
      questionId: string;
      playerId: string;
      answer: Answer;
      correct: boolean;
      points: number;
      timeMs: number;
      answeredAt: number;
      clientId: string | null;
    }
  /** Write these players' rows (nickname, score, streak, kicked, connected). */
  | { kind: "persistPlayers"; playerIds: string[] }
  /** Write the game's row (phase, current question, timings, settings) and its snapshot. */
  | { kind: "persistGame" }
  /** Tell this player it was removed ("player:kicked") and disconnect its sockets. */
  | { kind: "kicked"; playerId: string }
  /**
   * Send `hostView` to the host's sockets. `throttle: true` when only counts or the player list
   * changed (answers, joins, connections): at 2,000 players the host view is ~170 KB, so the
   * server should coalesce these (e.g. at most one every 250 ms) but send phase changes at once.
   */
  | { kind: "sendHost"; throttle: boolean }
  /** Send each connected player its own `playerView`. */
  | { kind: "sendPlayers" }
  | { kind: "sendPlayer"; playerId: string };

export type Reply =
  | { kind: "joined"; playerId: string; nickname: string; rerollsLeft: number }
  | { kind: "nickname"; nickname: string; rerollsLeft: number }
  | { kind: "answer"; questionIndex: number; timeMs: number; duplicate: boolean };

export type LiveError = { code: LiveErrorCode; message: string };

/**
 * The result of a command. Adopt `state` and carry out `effects` in both cases: a failed command
 * may still have moved the game on (an answer that arrives after the deadline first closes the
 * question, then fails with `answer_too_late`).
 */
export type Outcome =
  | { ok: true; state: GameState; effects: Effect[]; reply: Reply | null; nextTickAt: number | null }
  | { ok: false; error: LiveError; state: GameState; effects: Effect[]; nextTickAt: number | null };

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

function playerIndex(players: readonly PlayerState[]): PlayerIndex {
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
function waitingCount(s: GameState, i: number, now: number): number {
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

function waitedFor(s: GameState, i: number, now: number): PlayerState[] {
  return playerIndex(s.players).active.filter((p) => p.firstQuestion <= i && (p.connected || inGrace(p, now)));
}

/** Forgets drops whose grace is over, so that nextTickAt never points at a past grace. */
function expireDrops(s: GameState, now: number): GameState {
  const { dropped } = playerIndex(s.players);
  if (dropped.length === 0 || dropped.every((p) => inGrace(p, now))) return s;
  return { ...s, players: s.players.map((p) => (p.droppedAt != null && !inGrace(p, now) ? { ...p, droppedAt: null } : p)) };
}

function findPlayer(s: GameState, id: string): PlayerState | undefined {
  // A join makes a new players array that is looked up once or twice: a scan is cheaper than an index.
  const idx = playerIndexCache.get(s.players);
  return idx ? idx.byId.get(id) : s.players.find((p) => p.id === id);
}

function activeCount(s: GameState): number {
  const idx = playerIndexCache.get(s.players);
  if (idx) return idx.active.length;
  let n = 0;
  for (const p of s.players) if (!p.kicked) n++;
  return n;
}

function withPlayer(s: GameState, player: PlayerState): GameState {
  return { ...s, players: s.players.map((p) => (p.id === player.id ? player : p)) };
}

function err(code: LiveErrorCode, message: string): LiveError {
  return { code, message };
}

function question(s: GameState, i: number): LiveQuestion {
  const q = s.questions[i];
  if (!q) throw new Error(`No question ${i} in game ${s.id}`); // an engine bug, never input
  return q;
}

function answersOf(s: GameState, i: number): AnswerRecord[] {
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

function findAnswer(s: GameState, i: number, playerId: string): AnswerRecord | undefined {
  const list = answersOf(s, i);
  return list.length < 16 ? list.find((a) => a.playerId === playerId) : answerIndex(list).get(playerId);
}

/** The question's answers with one more: the index of the old list moves to the new one. */
function appendAnswer(list: AnswerRecord[], rec: AnswerRecord): AnswerRecord[] {
  const next = [...list, rec];
  const idx = answerIndexCache.get(list);
  if (idx) {
    answerIndexCache.delete(list);
    idx.set(rec.playerId, rec);
    answerIndexCache.set(next, idx);
  }
  return next;
}

function answersByPlayer(s: GameState, i: number): Map<string, AnswerRecord> {
  return new Map(answersOf(s, i).map((a) => [a.playerId, a]));
}

/** Players not kicked (a fresh array: callers may sort it). */
function activePlayers(s: GameState): PlayerState[] {
  return [...playerIndex(s.players).active];
}

const TERMINAL: ReadonlySet<Phase> = new Set(["finished", "cancelled"]);

/** Effects are collected while a command runs; this keeps one of each and a stable order. */
class Fx {
  private answers: Extract<Effect, { kind: "persistAnswer" }>[] = [];
  private playerIds = new Set<string>();
  private game = false;
  private kicked: string[] = [];
  private host: "no" | "throttle" | "now" = "no";
  private players = false;
  private single = new Set<string>();

  answer(e: Extract<Effect, { kind: "persistAnswer" }>) {
    this.answers.push(e);
  }
  persistPlayers(ids: Iterable<string>) {
    for (const id of ids) this.playerIds.add(id);
  }
  persistGame() {
    this.game = true;
  }
  kick(id: string) {
    this.kicked.push(id);
  }
  sendHost(throttle = false) {
    if (!throttle) this.host = "now";
    else if (this.host === "no") this.host = "throttle";
  }
  sendPlayers() {
    this.players = true;
  }
  sendPlayer(id: string) {
    this.single.add(id);
  }
  sendAll() {
    this.host = "now";
    this.players = true;
  }
  /** Persist before telling anyone, so what a client saw survives a crash. */
  list(): Effect[] {
    const out: Effect[] = [...this.answers];
    if (this.playerIds.size > 0) out.push({ kind: "persistPlayers", playerIds: [...this.playerIds] });
    if (this.game) out.push({ kind: "persistGame" });
    for (const playerId of this.kicked) out.push({ kind: "kicked", playerId });
    if (this.host !== "no") out.push({ kind: "sendHost", throttle: this.host === "throttle" });
    if (this.players) out.push({ kind: "sendPlayers" });
    else for (const playerId of this.single) out.push({ kind: "sendPlayer", playerId });
    return out;
  }
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
    },
  };
}

function settingsMessage(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.map(String).join(".")}: ${i.message}` : i.message)).join("; ");
}

// ——— the clock ———

/** When the server should next call `tick`; null when nothing is timed (waiting for the host). */
export function nextTickAt(s: GameState): number | null {
  if (s.phase === "lobby") return s.lastActivityAt + LOBBY_IDLE_MS;
  if (s.phase !== "question" || s.paused) return null;
  if (s.stage === "reading") return s.answersOpenAt;
  if (s.closesAt === null) return null;
  // A dropped player's grace ending may let "everyone has answered" close the question.
  let at = s.closesAt + ANSWER_GRACE_MS;
  for (const p of playerIndex(s.players).dropped) {
    if (p.firstQuestion <= s.index && p.droppedAt != null) at = Math.min(at, p.droppedAt + DROP_GRACE_MS);
  }
  return at;
}

/** Catches the game up with the clock: lobby expiry, answers opening, time up. */
function advance(s: GameState, now: number, fx: Fx): GameState {
  if (s.phase === "lobby" && now >= s.lastActivityAt + LOBBY_IDLE_MS) {
    return endGame(s, now, "expired", fx);
  }
  if (s.phase !== "question" || s.paused) return s;
  let next = expireDrops(s, now);
  if (next.stage === "reading" && next.answersOpenAt !== null && now >= next.answersOpenAt) {
    next = { ...next, stage: "answering" };
    fx.sendAll();
  }
  if (next.stage === "answering" && next.closesAt !== null && now >= next.closesAt + ANSWER_GRACE_MS) {
    next = closeQuestion(next, now, fx);
  }
  return next;
}

// ——— transitions ———

function openQuestion(s: GameState, i: number, now: number, fx: Fx): GameState {
  const q = question(s, i);
  const delay = s.settings.readingDelaySeconds * 1000;
  const answersOpenAt = now + delay;
  fx.sendAll();
  fx.persistGame();
  return {
    ...s,
    phase: "question",
    index: i,
    stage: delay > 0 ? "reading" : "answering",
    questionStartedAt: now,
    answersOpenAt,
    closesAt: answersOpenAt + q.timeLimitSeconds * 1000,
    paused: null,
  };
}

/** Time up, everyone answered or skipped: credit the answers and show the reveal. */
function closeQuestion(s: GameState, _now: number, fx: Fx): GameState {
  const i = s.index;
  const limitMs = question(s, i).timeLimitSeconds * 1000;
  const answers = answersByPlayer(s, i);
  const changed: string[] = [];
  const players = s.players.map((p) => {
    if (p.firstQuestion > i) return p;
    // Kicked players are credited too, so scores depend only on the answers (see recompute).
    const rec = answers.get(p.id);
    changed.push(p.id);
    return {
      ...p,
      prevScore: p.score,
      prevTotalTimeMs: p.totalTimeMs,
      score: p.score + (rec?.points ?? 0),
      streak: rec ? rec.streak : 0,
      totalTimeMs: p.totalTimeMs + (rec ? rec.timeMs : limitMs),
    };
  });
  fx.persistPlayers(changed);
  fx.persistGame();
  fx.sendAll();
  return rank({ ...s, players, phase: "reveal", stage: null, paused: null, lastRevealedIndex: i });
}

function endGame(s: GameState, now: number, reason: EndReason, fx: Fx): GameState {
  fx.sendAll();
  fx.persistGame();
  return {
    ...s,
    phase: reason === "finished" ? "finished" : "cancelled",
    stage: null,
    paused: null,
    endedAt: now,
    endReason: reason,
  };
}

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
function rank(s: GameState): GameState {
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

/** Ends the question early once every connected player who may answer has answered. */
function closeIfAllAnswered(s: GameState, now: number, fx: Fx): GameState {
  if (s.phase !== "question" || s.stage !== "answering" || s.paused) return s;
  const answers = answersOf(s, s.index);
  const count = waitingCount(s, s.index, now);
  if (count === 0 || answers.length < count) return s; // cheap "not yet" on every answer
  const answered = new Set(answers.map((a) => a.playerId));
  return waitedFor(s, s.index, now).every((p) => answered.has(p.id)) ? closeQuestion(s, now, fx) : s;
}

// ——— commands ———

type Step = { ok: true; state: GameState; reply?: Reply } | { ok: false; error: LiveError };

const NICKNAME_MESSAGES: Record<NicknameProblem, string> = {
  empty: "Pick a nickname.",
  too_long: "A nickname has at most 20 characters.",
  control_chars: "A nickname cannot contain control characters.",
  profanity: "That nickname is not allowed. Pick another one.",
};

function takenNames(s: GameState): string[] {
  // Kicked players keep their name: a kicked player cannot come back under it.
  return s.players.map((p) => p.nickname);
}

function generated(s: GameState, playerId: string, roll: number, taken: Iterable<string>): string {
  return generateNickname(seededRandom(`${s.seed}:nickname:${playerId}:${roll}`), taken);
}

function join(s: GameState, playerId: string, raw: string | undefined, now: number, fx: Fx): Step {
  if (s.phase === "podium" || TERMINAL.has(s.phase)) return { ok: false, error: err("invalid_state", "This game is over.") };
  if (findPlayer(s, playerId)) return { ok: false, error: err("invalid_state", "This player has already joined.") };
  if (s.settings.locked) return { ok: false, error: err("game_locked", "The host has locked this game.") };
  if (activeCount(s) >= s.settings.maxPlayers) {
    return { ok: false, error: err("game_full", "This game is full.") };
  }
  const taken = takenNames(s);
  const useGenerated = s.settings.generatedNicknamesOnly || raw === undefined;
  let nickname: string;
  if (useGenerated) {
    nickname = generated(s, playerId, 0, taken);
  } else {
    const checked = checkNickname(raw);
    if (!checked.ok) return { ok: false, error: err("nickname_rejected", NICKNAME_MESSAGES[checked.problem]) };
    nickname = checked.nickname;
    const lower = nickname.toLowerCase();
    if (taken.some((t) => t.toLowerCase() === lower)) {
      return { ok: false, error: err("nickname_taken", "Someone in this game already has that nickname.") };
    }
  }
  const firstQuestion = s.phase === "lobby" ? 0 : s.phase === "question" ? s.index : s.index + 1;
  const player: PlayerState = {
    id: playerId,
    nickname,
    generated: useGenerated,
    rerollsLeft: useGenerated ? NICKNAME_REROLLS : 0,
    joinSeq: s.joinCount,
    joinedAt: now,
    firstQuestion,
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
  fx.persistPlayers([playerId]);
  fx.sendHost(true);
  fx.sendPlayer(playerId);
  // In the lobby every score is 0, so the newcomer ranks last and nobody else moves: no re-sort
  // for each of 2,000 joins.
  const lobbyRank = s.phase === "lobby" ? activeCount(s) + 1 : null;
  const grown = { ...s, players: [...s.players, { ...player, rank: lobbyRank }], joinCount: s.joinCount + 1 };
  const state = lobbyRank === null ? rank(grown) : grown;
  return { ok: true, state, reply: { kind: "joined", playerId, nickname, rerollsLeft: player.rerollsLeft } };
}

function reroll(s: GameState, playerId: string, fx: Fx): Step {
  const p = findPlayer(s, playerId);
  if (!p || p.kicked) return { ok: false, error: err("not_found", "No such player in this game.") };
  if (TERMINAL.has(s.phase)) return { ok: false, error: err("invalid_state", "This game is over.") };
  if (!p.generated) return { ok: false, error: err("invalid_state", "Only a generated nickname can be re-rolled.") };
  if (p.rerollsLeft <= 0) return { ok: false, error: err("invalid_state", "No re-rolls left.") };
  if (s.lastRevealedIndex >= p.firstQuestion) {
    return { ok: false, error: err("invalid_state", "Your nickname is on the scoreboard already; it stays.") };
  }
  const roll = NICKNAME_REROLLS - p.rerollsLeft + 1;
  const nickname = generated(s, playerId, roll, takenNames(s)); // own name included: the new one differs
  const rerollsLeft = p.rerollsLeft - 1;
  fx.persistPlayers([playerId]);
  fx.sendHost(true);
  fx.sendPlayer(playerId);
  return {
    ok: true,
    state: withPlayer(s, { ...p, nickname, rerollsLeft }),
    reply: { kind: "nickname", nickname, rerollsLeft },
  };
}

function setConnected(s: GameState, playerId: string, connected: boolean, now: number, fx: Fx, immediate = false): Step {
  const p = findPlayer(s, playerId);
  if (!p) return { ok: false, error: err("not_found", "No such player in this game.") };
  if (p.kicked) {
    // A kicked token never comes back; its sockets closing is nothing to report.
    return connected ? { ok: false, error: err("forbidden", "The host removed you from this game.") } : { ok: true, state: s };
  }
  if (connected) fx.sendPlayer(playerId); // a reconnecting player needs the state even if nothing changed
  if (p.connected === connected) return { ok: true, state: s };
  fx.persistPlayers([playerId]);
  fx.sendHost(true);
  // Who is waited for changes with a drop or a return: the host's "answered / expected" too.
  const droppedAt = connected || immediate ? null : now;
  return { ok: true, state: withPlayer(s, { ...p, connected, droppedAt }) };
}

function kick(s: GameState, playerId: string, fx: Fx): Step {
  const p = findPlayer(s, playerId);
  if (!p) return { ok: false, error: err("not_found", "No such player in this game.") };
  if (TERMINAL.has(s.phase)) return { ok: false, error: err("invalid_state", "This game is over.") };
  if (p.kicked) return { ok: true, state: s };
  fx.kick(playerId);
  fx.persistPlayers([playerId]);
  fx.sendAll(); // ranks below the kicked player move up
  return { ok: true, state: rank(withPlayer(s, { ...p, kicked: true, connected: false })) };
}

function changeSettings(s: GameState, patch: unknown, fx: Fx): Step {
  if (TERMINAL.has(s.phase)) return { ok: false, error: err("invalid_state", "This game is over.") };
  const parsed = settingsPatchSchema.safeParse(patch);
  if (!parsed.success) return { ok: false, error: err("validation_failed", settingsMessage(parsed.error.issues)) };
  // Timing and scoring changes apply from the next question on; the open one keeps its clock.
  fx.persistGame();
  fx.sendHost();
  return { ok: true, state: { ...s, settings: { ...s.settings, ...parsed.data } } };
}

function start(s: GameState, now: number, fx: Fx): Step {
  if (s.phase !== "lobby") return { ok: false, error: err("invalid_state", "The game has already started.") };
  if (playerIndex(s.players).active.length === 0) return { ok: false, error: err("invalid_state", "Wait for at least one player.") };
  return { ok: true, state: openQuestion({ ...s, startedAt: now }, 0, now, fx) };
}

function next(s: GameState, now: number, fx: Fx): Step {
  switch (s.phase) {
    case "reveal":
      fx.sendAll();
      fx.persistGame();
      return { ok: true, state: { ...s, phase: "scoreboard" } };
    case "scoreboard":
      if (s.index + 1 < s.questions.length) return { ok: true, state: openQuestion(s, s.index + 1, now, fx) };
      fx.sendAll();
      fx.persistGame();
      return { ok: true, state: { ...s, phase: "podium" } };
    case "podium":
      return { ok: true, state: endGame(s, now, "finished", fx) };
    case "lobby":
      return { ok: false, error: err("invalid_state", "Start the game first.") };
    case "question":
      return { ok: false, error: err("invalid_state", "The question is still open; skip it to reveal now.") };
    default:
      return { ok: false, error: err("invalid_state", "This game is over.") };
  }
}

function pause(s: GameState, now: number, fx: Fx): Step {
  if (s.phase !== "question") return { ok: false, error: err("invalid_state", "Only a running question can be paused.") };
  if (s.paused) return { ok: false, error: err("invalid_state", "The game is already paused.") };
  const boundary = s.stage === "reading" ? s.answersOpenAt : s.closesAt;
  const remainingMs = Math.max((boundary ?? now) - now, 0);
  fx.sendAll();
  fx.persistGame();
  return { ok: true, state: { ...s, paused: { at: now, remainingMs } } };
}

function resume(s: GameState, now: number, fx: Fx): Step {
  if (s.phase !== "question" || !s.paused) return { ok: false, error: err("invalid_state", "The game is not paused.") };
  const shift = Math.max(now - s.paused.at, 0);
  fx.sendAll();
  fx.persistGame();
  return {
    ok: true,
    state: {
      ...s,
      paused: null,
      answersOpenAt: s.answersOpenAt === null ? null : s.answersOpenAt + shift,
      closesAt: s.closesAt === null ? null : s.closesAt + shift,
    },
  };
}

/** The answer's shape per question type, and ids that belong to this question. */
function checkAnswer(data: QuestionData, raw: unknown): Answer | null {
  const answer = parseAnswer(data.type, raw);
  if (answer === null) return null;
  switch (data.type) {
    case "single":
      return data.options.some((o) => o.id === answer) ? answer : null;
    case "multiple": {
      const ids = new Set(data.options.map((o) => o.id));
      const picked = answer as string[];
      return new Set(picked).size === picked.length && picked.every((id) => ids.has(id)) ? answer : null;
    }
    case "order": {
      const ids = new Set(data.items.map((o) => o.id));
      const order = answer as string[];
      return order.length === ids.size && new Set(order).size === order.length && order.every((id) => ids.has(id))
        ? answer
        : null;
    }
    default:
      return answer;
  }
}

function answer(
  s: GameState,
  cmd: Extract<Command, { type: "answer" }>,
  now: number,
  fx: Fx,
): Step {
  const p = findPlayer(s, cmd.playerId);
  if (!p) return { ok: false, error: err("not_found", "No such player in this game.") };
  if (p.kicked) return { ok: false, error: err("forbidden", "The host removed you from this game.") };
  const i = cmd.questionIndex;
  if (!Number.isInteger(i) || i < 0 || i >= s.questions.length) {
    return { ok: false, error: err("validation_failed", "No such question in this game.") };
  }
  // Idempotency first: whatever is resent, one answer per player and question.
  const existing = findAnswer(s, i, p.id);
  if (existing) {
    if (cmd.clientId !== undefined && existing.clientId === cmd.clientId) {
      return { ok: true, state: s, reply: { kind: "answer", questionIndex: i, timeMs: existing.timeMs, duplicate: true } };
    }
    return { ok: false, error: err("already_answered", "You have already answered this question.") };
  }
  if (s.phase === "cancelled") return { ok: false, error: err("invalid_state", "The host ended this game.") };
  if (s.phase === "lobby" || i > s.index) return { ok: false, error: err("invalid_state", "This question is not open yet.") };
  if (i < s.index || s.phase !== "question" || p.firstQuestion > i) {
    return { ok: false, error: err("answer_too_late", "Time was up before your answer arrived.") };
  }
  if (s.paused) return { ok: false, error: err("invalid_state", "The game is paused; answer when it resumes.") };
  if (s.stage !== "answering" || s.answersOpenAt === null) {
    return { ok: false, error: err("invalid_state", "Answers are not open yet.") };
  }
  const q = question(s, i);
  const value = checkAnswer(q.data, cmd.answer);
  if (value === null) return { ok: false, error: err("validation_failed", "That is not an answer to this question.") };

  const limitMs = q.timeLimitSeconds * 1000;
  const timeMs = Math.min(Math.max(now - s.answersOpenAt, 0), limitMs);
  const grade = gradeAnswer(q.data, value);
  const scored = scoreAnswer({
    points: q.points,
    share: grade.share,
    correct: grade.correct,
    timeMs,
    timeLimitMs: limitMs,
    hintUsed: false,
    streakBefore: p.streak,
    switches: { speedBonus: s.settings.speedBonus, streakBonus: s.settings.streakBonus },
  });
  const rec: AnswerRecord = {
    playerId: p.id,
    answer: value,
    correct: grade.correct,
    share: grade.share,
    points: scored.points,
    streak: scored.streak,
    timeMs,
    answeredAt: now,
    clientId: cmd.clientId ?? null,
  };
  const answers = s.answers.map((a, j) => (j === i ? appendAnswer(a, rec) : a));
  fx.answer({
    kind: "persistAnswer",
    questionIndex: i,
    questionId: q.id,
    playerId: p.id,
    answer: value,
    correct: rec.correct,
    points: rec.points,
    timeMs,
    answeredAt: now,
    clientId: rec.clientId,
  });
  fx.sendHost(true); // the live answer count
  fx.sendPlayer(p.id); // "answer locked in"
  return { ok: true, state: { ...s, answers }, reply: { kind: "answer", questionIndex: i, timeMs, duplicate: false } };
}

function step(s: GameState, cmd: Command, now: number, fx: Fx): Step {
  switch (cmd.type) {
    case "join":
      return join(s, cmd.playerId, cmd.nickname, now, fx);
    case "reroll":
      return reroll(s, cmd.playerId, fx);
    case "reconnect":
      return setConnected(s, cmd.playerId, true, now, fx);
    case "disconnect":
      return setConnected(s, cmd.playerId, false, now, fx, cmd.immediate === true);
    case "answer":
      return answer(s, cmd, now, fx);
    case "kick":
      return kick(s, cmd.playerId, fx);
    case "settings":
      return changeSettings(s, cmd.patch, fx);
    case "lock":
      return changeSettings(s, { locked: true }, fx);
    case "unlock":
      return changeSettings(s, { locked: false }, fx);
    case "start":
      return start(s, now, fx);
    case "next":
      return next(s, now, fx);
    case "skip":
      if (s.phase !== "question") return { ok: false, error: err("invalid_state", "There is no open question to skip.") };
      return { ok: true, state: closeQuestion(s, now, fx) };
    case "pause":
      return pause(s, now, fx);
    case "resume":
      return resume(s, now, fx);
    case "end":
      if (TERMINAL.has(s.phase)) return { ok: false, error: err("invalid_state", "This game is over.") };
      return { ok: true, state: endGame(s, now, "ended_by_host", fx) };
    case "finish":
      if (s.phase !== "podium") return { ok: false, error: err("invalid_state", "Finish the game from the podium.") };
      return { ok: true, state: endGame(s, now, "finished", fx) };
    case "tick":
      return { ok: true, state: s };
    case "touch":
      return { ok: true, state: s }; // also after the end: the host attaches to read the report
  }
}

/**
 * Applies one command at the server's time `now`. First the game is caught up with the clock
 * (as `tick` would), then the command runs; a refused command leaves the caught-up state as is.
 */
export function apply(state: GameState, command: Command, now: number): Outcome {
  const fx = new Fx();
  const current = advance(state, now, fx);
  const result = step(current, command, now, fx);
  if (!result.ok) return { ok: false, error: result.error, state: current, effects: fx.list(), nextTickAt: nextTickAt(current) };
  let s = result.state;
  if (command.type !== "tick" && !TERMINAL.has(s.phase)) s = { ...s, lastActivityAt: now };
  s = closeIfAllAnswered(s, now, fx);
  return { ok: true, state: s, effects: fx.list(), reply: result.reply ?? null, nextTickAt: nextTickAt(s) };
}

// ——— views ———

/** A question's public form depends only on the question and the game's seed: made once. */
const publicQuestionCache = new WeakMap<LiveQuestion, { seed: string; index: number; value: PublicQuestion }>();

function publicQuestion(s: GameState, i: number): PublicQuestion {
  const q = question(s, i);
  const cached = publicQuestionCache.get(q);
  // Two games may share question objects (not from the server, which loads each game's own).
  if (cached && cached.seed === s.seed && cached.index === i) return cached.value;
  const value = makePublicQuestion(s, q, i);
  publicQuestionCache.set(q, { seed: s.seed, index: i, value });
  return value;
}

function makePublicQuestion(s: GameState, q: LiveQuestion, i: number): PublicQuestion {
  return {
    index: i,
    prompt: q.prompt,
    imageUrl: q.imageUrl ?? null,
    imageAlt: (q.imageUrl && q.imageAlt) || null,
    timeLimitSeconds: q.timeLimitSeconds,
    points: q.points,
    // The seed is secret per game: the order shuffle cannot be undone by someone who knows ids.
    data: toPublicData(q.data, `${s.seed}:${q.id}`),
  };
}

function timing(s: GameState, now: number): Timing | null {
  if (s.phase !== "question" || s.questionStartedAt === null || s.answersOpenAt === null || s.closesAt === null) {
    return null;
  }
  const boundary = s.stage === "reading" ? s.answersOpenAt : s.closesAt;
  return {
    serverNow: now,
    questionStartedAt: s.questionStartedAt,
    answersOpenAt: s.answersOpenAt,
    closesAt: s.closesAt,
    remainingMs: s.paused ? s.paused.remainingMs : Math.max(boundary - now, 0),
    paused: s.paused !== null,
  };
}

/** The answer key of a question, as shown at its reveal. */
export function revealedKey(data: QuestionData): RevealedKey {
  switch (data.type) {
    case "single":
      return { type: "single", correct: data.correct };
    case "multiple":
      return { type: "multiple", correct: [...data.correct] };
    case "boolean":
      return { type: "boolean", correct: data.correct };
    case "text":
      return { type: "text", accepted: [...data.accepted] };
    case "order":
      return { type: "order", order: data.items.map(({ id, text }) => ({ id, text })) };
    case "number":
      return data.unit
        ? { type: "number", answer: data.answer, tolerance: data.tolerance, unit: data.unit }
        : { type: "number", answer: data.answer, tolerance: data.tolerance };
  }
}

const NUMBER_BUCKETS = 6;
const TEXT_TOP = 5;

function distribution(data: QuestionData, answers: AnswerRecord[]): Distribution {
  switch (data.type) {
    case "single":
    case "multiple": {
      const counts = new Map<string, number>();
      for (const a of answers) {
        for (const id of Array.isArray(a.answer) ? a.answer : [a.answer]) {
          if (typeof id === "string") counts.set(id, (counts.get(id) ?? 0) + 1);
        }
      }
      const right = new Set(data.type === "single" ? [data.correct] : data.correct);
      return {
        type: data.type,
        options: data.options.map((o) => ({ id: o.id, text: o.text, count: counts.get(o.id) ?? 0, correct: right.has(o.id) })),
      };
    }
    case "boolean":
      return {
        type: "boolean",
        trueCount: answers.filter((a) => a.answer === true).length,
        falseCount: answers.filter((a) => a.answer === false).length,
      };
    case "text": {
      const groups = new Map<string, { text: string; count: number; correct: boolean }>();
      for (const a of answers) {
        if (typeof a.answer !== "string") continue;
        const key = normalizeText(a.answer);
        if (key === "") continue;
        const g = groups.get(key);
        if (g) g.count++;
        else groups.set(key, { text: a.answer.trim().replace(/\s+/g, " "), count: 1, correct: a.correct });
      }
      // Typed answers go on the big screen: profane ones are counted but never shown.
      const top = [...groups.entries()]
        .filter(([key, g]) => !isProfane(key) && !isProfane(g.text))
        .sort(([ka, a], [kb, b]) => b.count - a.count || Number(b.correct) - Number(a.correct) || ka.localeCompare(kb))
        .slice(0, TEXT_TOP)
        .map(([, g]) => g);
      return { type: "text", top };
    }
    case "order":
      return {
        type: "order",
        positions: data.items.map((item, pos) => ({
          id: item.id,
          text: item.text,
          rightPlace: answers.filter((a) => Array.isArray(a.answer) && a.answer[pos] === item.id).length,
        })),
      };
    case "number": {
      const width = (data.max - data.min) / NUMBER_BUCKETS;
      const bucketOf = (v: number) => Math.min(Math.max(Math.floor((v - data.min) / width), 0), NUMBER_BUCKETS - 1);
      const counts: number[] = new Array<number>(NUMBER_BUCKETS).fill(0);
      for (const a of answers) {
        if (typeof a.answer !== "number") continue;
        const b = bucketOf(a.answer);
        counts[b] = (counts[b] ?? 0) + 1;
      }
      const answerBucket = bucketOf(data.answer);
      return {
        type: "number",
        buckets: counts.map((count, b) => ({
          from: data.min + b * width,
          to: b === NUMBER_BUCKETS - 1 ? data.max : data.min + (b + 1) * width,
          count,
          containsAnswer: b === answerBucket,
        })),
      };
    }
  }
}

/**
 * What every view of one state shares, computed once per state: a broadcast builds up to 2,000
 * player views of the same state. States are never changed in place, so the cache cannot go stale.
 */
type Shared = {
  byId: Map<string, PlayerState>;
  active: PlayerState[];
  /** Answers to the current question, by player, from players still in the game. */
  current: Map<string, AnswerRecord>;
  question: PublicQuestion | null;
  podium: PodiumEntry[] | null;
};
const sharedCache = new WeakMap<GameState, Shared>();

const SHOWS_QUESTION: ReadonlySet<Phase> = new Set(["question", "reveal"]);
const SHOWS_TABLE: ReadonlySet<Phase> = new Set(["scoreboard", "podium", "finished", "cancelled"]);
const SHOWS_PODIUM: ReadonlySet<Phase> = new Set(["podium", "finished"]);

function shared(s: GameState): Shared {
  const cached = sharedCache.get(s);
  if (cached) return cached;
  const { byId, active } = playerIndex(s.players);
  const inQuestion = SHOWS_QUESTION.has(s.phase) && s.index >= 0;
  const current = new Map<string, AnswerRecord>();
  if (inQuestion) for (const a of activeAnswers(s, s.index, byId)) current.set(a.playerId, a);
  const value: Shared = {
    byId,
    active,
    current,
    question: inQuestion ? publicQuestion(s, s.index) : null,
    podium: SHOWS_PODIUM.has(s.phase) ? podium(s) : null,
  };
  sharedCache.set(s, value);
  return value;
}

/** Answers to question i from players still in the game. */
function activeAnswers(s: GameState, i: number, byId?: Map<string, PlayerState>): AnswerRecord[] {
  const players = byId ?? playerIndex(s.players).byId;
  return answersOf(s, i).filter((a) => players.get(a.playerId)?.kicked === false);
}

/** A player's own answer's feedback, only when there is some (most questions have none). */
function feedbackOf(data: QuestionData, rec: { answer: unknown; correct: boolean } | undefined): { feedback?: string[] } {
  const feedback = rec ? answerFeedback(data, rec.answer, rec.correct) : [];
  return feedback.length > 0 ? { feedback } : {};
}

function revealSummary(s: GameState, i: number): RevealSummary {
  const q = question(s, i);
  const recs = activeAnswers(s, i);
  const eligible = activePlayers(s).filter((p) => p.firstQuestion <= i).length;
  const correct = recs.filter((r) => r.correct).length;
  const partial = recs.filter((r) => !r.correct && r.share > 0).length;
  return {
    questionIndex: i,
    key: revealedKey(q.data),
    explanation: q.explanation,
    eligible,
    answered: recs.length,
    correct,
    partial,
    wrong: recs.length - correct - partial,
    noAnswer: Math.max(eligible - recs.length, 0),
    distribution: distribution(q.data, recs),
  };
}

function standings(s: GameState): PlayerState[] {
  return activePlayers(s).sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
}

function ranked(p: PlayerState): RankedPlayer {
  const rank = p.rank ?? 0;
  return {
    playerId: p.id,
    nickname: p.nickname,
    score: p.score,
    rank,
    previousRank: p.previousRank,
    rankChange: p.previousRank === null ? null : p.previousRank - rank,
  };
}

/** The top of the table with rank changes since the question before (the scoreboard screen). */
export function scoreboard(s: GameState, size = SCOREBOARD_SIZE): RankedPlayer[] {
  return standings(s).slice(0, size).map(ranked);
}

type PodiumEntry = { rank: number; nickname: string; score: number };

export function podium(s: GameState): PodiumEntry[] {
  return standings(s)
    .slice(0, PODIUM_SIZE)
    .map((p) => ({ rank: p.rank ?? 0, nickname: p.nickname, score: p.score }));
}

/**
 * What the host's big screen gets in the current phase. The room sees it, so the question is the
 * public one until the reveal, exactly as players get it.
 */
export function hostView(s: GameState, now: number): HostView {
  const { active, current, question: shown, podium: top } = shared(s);
  const expected = s.phase === "question" ? waitingCount(s, s.index, now) : 0;
  const started = s.startedAt !== null;
  return {
    role: "host",
    gameId: s.id,
    pin: s.pin,
    quizTitle: s.quizTitle,
    phase: s.phase,
    stage: s.phase === "question" ? s.stage : null,
    questionIndex: s.index,
    questionCount: s.questions.length,
    settings: s.settings,
    // The lobby's list (names to check and kick). Once the game runs the big screen shows counts,
    // and 2,000 names would make every host update ~170 KB.
    players: (s.phase === "lobby" ? active : []).map((p) => ({
      playerId: p.id,
      nickname: p.nickname,
      connected: p.connected,
      score: p.score,
      rank: p.rank ?? 0,
    })),
    playerCount: active.length,
    connectedCount: active.filter((p) => p.connected).length,
    question: shown,
    timing: timing(s, now),
    answeredCount: current.size,
    expectedCount: expected,
    reveal: s.phase === "reveal" ? revealSummary(s, s.index) : null,
    scoreboard: SHOWS_TABLE.has(s.phase) && started ? scoreboard(s) : null,
    podium: top,
    report: s.phase === "finished" || (s.phase === "cancelled" && started) ? report(s) : null,
    endReason: s.endReason,
  };
}

/** Every listed player's view of one state (a broadcast): what they share is computed once. */
export function playerViews(s: GameState, playerIds: Iterable<string>, now: number): Map<string, PlayerView> {
  shared(s);
  const common = playerShared(s, now);
  const out = new Map<string, PlayerView>();
  for (const id of playerIds) {
    const personal = playerPersonal(s, id);
    if (personal) out.set(id, composePlayerView(common, personal));
  }
  return out;
}

/**
 * Indexes a state for many views of it (a broadcast): without it, each player's own part looks
 * its answer up alone, which is right for one view and quadratic for 2,000.
 */
export function prepareViews(s: GameState): void {
  shared(s);
}

/** What every player of the game sees alike in the current phase (the `game:state` broadcast). */
export function playerShared(s: GameState, now: number): PlayerShared {
  const cached = sharedCache.get(s);
  const inQuestion = SHOWS_QUESTION.has(s.phase) && s.index >= 0;
  return {
    role: "player",
    gameId: s.id,
    quizTitle: s.quizTitle,
    phase: s.phase,
    stage: s.phase === "question" ? s.stage : null,
    questionIndex: s.index,
    questionCount: s.questions.length,
    playerCount: cached ? cached.active.length : activeCount(s),
    question: cached ? cached.question : inQuestion ? publicQuestion(s, s.index) : null,
    timing: timing(s, now),
    podium: cached ? cached.podium : SHOWS_PODIUM.has(s.phase) ? shared(s).podium : null,
    endReason: s.endReason,
  };
}

/**
 * One player's own part of its view; null for an unknown or kicked player. Before a question's
 * reveal nothing here depends on the answer key: scores and streaks stand as of the last reveal,
 * and the player's own answer is only echoed back.
 */
export function playerPersonal(s: GameState, playerId: string): PlayerPersonal | null {
  // One player's view after its own answer is made for a state no other view shares (each answer
  // makes a new state): look up only what it needs instead of indexing every answer.
  const cached = sharedCache.get(s);
  const p = cached ? cached.byId.get(playerId) : findPlayer(s, playerId);
  if (!p || p.kicked) return null;
  const inQuestion = SHOWS_QUESTION.has(s.phase) && s.index >= 0;
  const rec = !inQuestion ? undefined : cached ? cached.current.get(p.id) : findAnswer(s, s.index, p.id);
  const revealed = s.phase === "reveal" && inQuestion && p.firstQuestion <= s.index;
  const q = s.index >= 0 ? s.questions[s.index] : undefined;
  return {
    me: {
      playerId: p.id,
      nickname: p.nickname,
      score: p.score,
      streak: p.streak,
      rank: p.rank ?? 1,
      previousRank: p.previousRank,
      rerollsLeft: p.generated && s.lastRevealedIndex < p.firstQuestion ? p.rerollsLeft : 0,
      firstQuestion: p.firstQuestion,
    },
    mine: rec ? { questionIndex: s.index, answer: rec.answer } : null,
    result:
      revealed && q
        ? {
            answered: rec !== undefined,
            correct: rec?.correct ?? false,
            partial: rec ? !rec.correct && rec.share > 0 : false,
            points: rec?.points ?? 0,
            streak: p.streak,
            key: revealedKey(q.data),
            explanation: q.explanation,
            ...feedbackOf(q.data, rec),
          }
        : null,
  };
}

/**
 * What one player's phone gets in the current phase; null for an unknown or kicked player.
 * Nothing in it depends on the answer key before the question's reveal (see playerShared and
 * playerPersonal, whose composition it is).
 */
export function playerView(s: GameState, playerId: string, now: number): PlayerView | null {
  const personal = playerPersonal(s, playerId);
  return personal ? composePlayerView(playerShared(s, now), personal) : null;
}

// ——— report ———

function average(values: number[]): number | null {
  return values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}

/**
 * The host's report over the revealed questions (an unrevealed one was never scored): per question
 * correct % and average time, per player score, correct and answered counts and average time, and
 * answers sooner than SUSPICIOUS_ANSWER_MS after the answers opened. Kicked players are left out.
 */
export function report(s: GameState): Report {
  const played = s.lastRevealedIndex + 1;
  const players = standings(s);
  const byQuestion = s.questions.slice(0, played).map((_, i) => answersByPlayer(s, i));
  const questions = s.questions.slice(0, played).map((q, i) => {
    const recs = activeAnswers(s, i);
    const eligible = players.filter((p) => p.firstQuestion <= i).length;
    const correct = recs.filter((r) => r.correct).length;
    return {
      index: i,
      questionId: q.id,
      prompt: q.prompt,
      type: q.data.type,
      eligible,
      answered: recs.length,
      correct,
      correctPercent: eligible === 0 ? 0 : Math.round((correct / eligible) * 1000) / 10,
      averageTimeMs: average(recs.map((r) => r.timeMs)),
    };
  });
  const suspicious: Report["suspicious"] = [];
  const rows = players.map((p) => {
    const recs: AnswerRecord[] = [];
    for (let i = 0; i < played; i++) {
      const rec = byQuestion[i]?.get(p.id);
      if (!rec) continue;
      recs.push(rec);
      if (rec.timeMs < SUSPICIOUS_ANSWER_MS) {
        suspicious.push({ playerId: p.id, nickname: p.nickname, questionIndex: i, timeMs: rec.timeMs });
      }
    }
    return {
      rank: p.rank ?? 0,
      playerId: p.id,
      nickname: p.nickname,
      score: p.score,
      correct: recs.filter((r) => r.correct).length,
      answered: recs.length,
      averageTimeMs: average(recs.map((r) => r.timeMs)),
      suspiciousAnswers: recs.filter((r) => r.timeMs < SUSPICIOUS_ANSWER_MS).length,
    };
  });
  suspicious.sort((a, b) => a.questionIndex - b.questionIndex || a.timeMs - b.timeMs);
  return {
    gameId: s.id,
    quizTitle: s.quizTitle,
    startedAt: s.startedAt,
    endedAt: s.endedAt,
    endReason: s.endReason,
    questionCount: s.questions.length,
    questionsPlayed: played,
    questions,
    players: rows,
    suspicious,
  };
}

export const CSV_HEADER = [
  "rank",
  "nickname",
  "score",
  "correct",
  "answered",
  "questions_played",
  "average_time_ms",
  "suspicious_answers",
] as const;

/** The report as CSV (RFC 4180, CRLF line ends): a header, then one row per player by rank. */
export function reportToCsv(r: Report): string {
  return csvDocument(
    CSV_HEADER,
    r.players.map((p) => [p.rank, p.nickname, p.score, p.correct, p.answered, r.questionsPlayed, p.averageTimeMs, p.suspiciousAnswers]),
  );
}

// ——— persistence ———

/**
 * Recomputes every player's score, streak, time total and ranks from the recorded answers: what a
 * server restoring from the `game_answers` rows (rather than a snapshot) needs, and a check that
 * the incremental bookkeeping is right. Streaks follow from the `correct` flags alone.
 */
export function recomputeFromAnswers(s: GameState): GameState {
  const byQuestion = s.answers.map((_, i) => answersByPlayer(s, i));
  const players = s.players.map((p): PlayerState => {
    let score = 0;
    let streak = 0;
    let total = 0;
    let prevScore = 0;
    let prevTotal = 0;
    for (let i = p.firstQuestion; i <= s.lastRevealedIndex; i++) {
      prevScore = score;
      prevTotal = total;
      const rec = byQuestion[i]?.get(p.id);
      score += rec?.points ?? 0;
      streak = rec?.correct ? streak + 1 : 0;
      total += rec ? rec.timeMs : question(s, i).timeLimitSeconds * 1000;
    }
    return { ...p, score, streak, totalTimeMs: total, prevScore, prevTotalTimeMs: prevTotal, rank: null, previousRank: null };
  });
  return rank({ ...s, players });
}

/** The state as JSON for the games snapshot column. */
export function serializeGame(s: GameState): string {
  return JSON.stringify(s);
}

/**
 * The state as the server stores it at each phase change: without the answers, which have rows
 * of their own (game_answers) that a restore merges back in. Every answer in every snapshot would
 * make a 20-question game at 2,000 players rewrite ~6 MB at each phase change.
 */
export function serializeSnapshot(s: GameState): string {
  return JSON.stringify({ ...s, answers: s.answers.map(() => []) });
}

/** Reads a snapshot written by `serializeGame`; a snapshot of another version is refused. */
export function restoreGame(json: string): Result<GameState> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, error: err("validation_failed", "The game snapshot is not JSON.") };
  }
  if (
    typeof value !== "object" ||
    value === null ||
    (value as { version?: unknown }).version !== STATE_VERSION ||
    !Array.isArray((value as { questions?: unknown }).questions) ||
    !Array.isArray((value as { players?: unknown }).players) ||
    !Array.isArray((value as { answers?: unknown }).answers)
  ) {
    return { ok: false, error: err("validation_failed", "The game snapshot has an unknown shape or version.") };
  }
  return { ok: true, value: value as GameState };
}
