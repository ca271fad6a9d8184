import { z } from "../zod";
import { ANSWER_SCHEMAS } from "../grading";
import { normalizePin } from "../pin";
import { QUESTION_TYPES } from "../question";

/**
 * The live-game wire protocol (docs/live-protocol.md): one zod schema per Socket.IO event payload,
 * client → server and server → client, shared by the server (which validates every incoming
 * payload with these) and the browser. View types are inferred from the schemas, so the engine's
 * `hostView`/`playerView` cannot drift from what the wire promises. The view schemas are strict
 * objects: a field that is not declared here (an answer key, say) makes a view fail to parse.
 */

// ——— constants (docs/rules.md §9) ———

export const LIVE_LIMITS = {
  readingDelayMin: 0,
  readingDelayMax: 10,
  maxPlayersMin: 1,
  maxPlayersMax: 5000,
  questionsMax: 200,
  clientIdMax: 64,
} as const;

export const DEFAULT_READING_DELAY_SECONDS = 3;
export const DEFAULT_MAX_PLAYERS = 2000;
/** A lobby with no activity for this long is cancelled (docs/rules.md §4). */
export const LOBBY_IDLE_MS = 2 * 60 * 60 * 1000;
/** Answers received sooner than this after the answers opened are flagged in the report. */
export const SUSPICIOUS_ANSWER_MS = 150;
/** A player with a generated nickname may ask for a new one this many times. */
export const NICKNAME_REROLLS = 3;
export const SCOREBOARD_SIZE = 5;
export const PODIUM_SIZE = 3;

// ——— shared pieces ———

export const PHASES = ["lobby", "question", "reveal", "scoreboard", "podium", "finished", "cancelled"] as const;
export const phaseSchema = z.enum(PHASES);
export type Phase = z.infer<typeof phaseSchema>;

/** Within the question phase: the reading delay, then the answering window. */
export const stageSchema = z.enum(["reading", "answering"]);
export type Stage = z.infer<typeof stageSchema>;

/** Why a game stopped: it ran to the end, the host ended it, or its lobby idled for 2 h. */
export const endReasonSchema = z.enum(["finished", "ended_by_host", "expired"]);
export type EndReason = z.infer<typeof endReasonSchema>;

export const LIVE_ERROR_CODES = [
  "not_found",
  "unauthorized",
  "forbidden",
  "validation_failed",
  "game_not_found",
  "game_locked",
  "game_full",
  "nickname_taken",
  "nickname_rejected",
  "already_answered",
  "answer_too_late",
  "rate_limited",
  "invalid_state",
  "internal_error",
] as const;
export const liveErrorCodeSchema = z.enum(LIVE_ERROR_CODES);
export type LiveErrorCode = z.infer<typeof liveErrorCodeSchema>;

export const errorPayloadSchema = z.strictObject({ code: liveErrorCodeSchema, message: z.string() });
export type ErrorPayload = z.infer<typeof errorPayloadSchema>;

export const liveSettingsSchema = z.strictObject({
  locked: z.boolean(),
  generatedNicknamesOnly: z.boolean(),
  maxPlayers: z.number().int().min(LIVE_LIMITS.maxPlayersMin).max(LIVE_LIMITS.maxPlayersMax),
  speedBonus: z.boolean(),
  streakBonus: z.boolean(),
  readingDelaySeconds: z.number().int().min(LIVE_LIMITS.readingDelayMin).max(LIVE_LIMITS.readingDelayMax),
});
/** Same shape as `GameSettings` in src/db/schema/live.ts (kept apart: core has no db imports). */
export type LiveSettings = z.infer<typeof liveSettingsSchema>;

export const DEFAULT_SETTINGS: LiveSettings = {
  locked: false,
  generatedNicknamesOnly: false,
  maxPlayers: DEFAULT_MAX_PLAYERS,
  speedBonus: true,
  streakBonus: true,
  readingDelaySeconds: DEFAULT_READING_DELAY_SECONDS,
};

/** A host's change of settings: any subset of the fields, at least one. */
export const settingsPatchSchema = liveSettingsSchema
  .partial()
  .refine((p) => Object.keys(p).length > 0, { message: "Change at least one setting" });
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** An answer as a player sends it: the union of the per-type shapes of src/core/grading.ts. */
export const answerValueSchema = z.union([
  ANSWER_SCHEMAS.text, // also covers single (an option id)
  ANSWER_SCHEMAS.multiple, // also covers order (item ids)
  ANSWER_SCHEMAS.boolean,
  ANSWER_SCHEMAS.number,
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

const idSchema = z.string().min(1).max(64);
const nonNegInt = z.number().int().min(0);
const timestamp = z.number().int();

export const pinSchema = z.string().max(20).transform((raw, ctx) => {
  const pin = normalizePin(raw);
  if (pin) return pin;
  ctx.addIssue({ code: "custom", message: "A game PIN has 6 digits" });
  return z.NEVER;
});

// ——— client → server payloads ———

const empty = z.strictObject({});

export const hostCreateSchema = z.strictObject({ slug: z.string().min(1).max(200) });
export const hostAttachSchema = z.strictObject({ gameId: z.uuid() });
export const hostKickSchema = z.strictObject({ playerId: z.uuid() });
export const hostSettingsSchema = settingsPatchSchema;
export const playerJoinSchema = z.strictObject({
  pin: pinSchema,
  /** Omitted: the server gives a generated one ("Brave Otter"). Checked by the engine, not here, so the error is `nickname_rejected`. */
  nickname: z.string().max(100).optional(),
});
export const playerResumeSchema = z.strictObject({ pin: pinSchema, token: z.string().min(16).max(200) });
export const playerAnswerSchema = z.strictObject({
  questionIndex: z.number().int().min(0).max(LIVE_LIMITS.questionsMax - 1),
  answer: answerValueSchema,
  /** Chosen by the client per answer; a resend with the same id gets the same acknowledgement. */
  clientId: z.string().min(1).max(LIVE_LIMITS.clientIdMax),
});

/** Every client → server event with its payload schema; the server validates with this map. */
export const CLIENT_EVENTS = {
  "host:create": hostCreateSchema,
  "host:attach": hostAttachSchema,
  "host:start": empty,
  "host:next": empty,
  "host:skip": empty,
  "host:pause": empty,
  "host:resume": empty,
  "host:lock": empty,
  "host:unlock": empty,
  "host:kick": hostKickSchema,
  "host:settings": hostSettingsSchema,
  "host:end": empty,
  "host:finish": empty,
  "player:join": playerJoinSchema,
  "player:resume": playerResumeSchema,
  "player:reroll": empty,
  "player:answer": playerAnswerSchema,
} as const satisfies Record<string, z.ZodType>;
export type ClientEventName = keyof typeof CLIENT_EVENTS;
export type ClientPayload<E extends ClientEventName> = z.input<(typeof CLIENT_EVENTS)[E]>;
export type ParsedClientPayload<E extends ClientEventName> = z.output<(typeof CLIENT_EVENTS)[E]>;

// ——— server → client: questions, reveals, views ———

const choiceSchema = z.strictObject({ id: idSchema, text: z.string() });

/** PublicQuestionData of src/core/question.ts: nothing that tells which answer is right. */
export const publicQuestionDataSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("single"), options: z.array(choiceSchema) }),
  z.strictObject({ type: z.literal("multiple"), options: z.array(choiceSchema) }),
  z.strictObject({ type: z.literal("boolean") }),
  z.strictObject({ type: z.literal("text") }),
  z.strictObject({ type: z.literal("order"), items: z.array(choiceSchema) }),
  z.strictObject({ type: z.literal("number"), min: z.number(), max: z.number(), unit: z.string().optional() }),
]);

export const publicQuestionSchema = z.strictObject({
  index: nonNegInt,
  prompt: z.string(),
  imageUrl: z.string().nullable(),
  /** The picture's description for people who cannot see it (its alt text). */
  imageAlt: z.string().nullable(),
  timeLimitSeconds: z.number().int().positive(),
  points: nonNegInt,
  data: publicQuestionDataSchema,
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

/** Server timestamps (ms since epoch, the server's clock) plus what is left; the client only counts down. */
export const timingSchema = z.strictObject({
  serverNow: timestamp,
  questionStartedAt: timestamp,
  answersOpenAt: timestamp,
  closesAt: timestamp,
  /** Until the next boundary: answers opening (reading stage) or closing (answering stage); frozen while paused. */
  remainingMs: nonNegInt,
  paused: z.boolean(),
});
export type Timing = z.infer<typeof timingSchema>;

/** The answer key of one question, sent only once that question is revealed. */
export const revealedKeySchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("single"), correct: idSchema }),
  z.strictObject({ type: z.literal("multiple"), correct: z.array(idSchema) }),
  z.strictObject({ type: z.literal("boolean"), correct: z.boolean() }),
  z.strictObject({ type: z.literal("text"), accepted: z.array(z.string()) }),
  z.strictObject({ type: z.literal("order"), order: z.array(choiceSchema) }),
  z.strictObject({
    type: z.literal("number"),
    answer: z.number(),
    tolerance: z.number(),
    unit: z.string().optional(),
  }),
]);
export type RevealedKey = z.infer<typeof revealedKeySchema>;

/** How the room answered, per question type (host's reveal screen). */
export const distributionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("single"),
    options: z.array(z.strictObject({ id: idSchema, text: z.string(), count: nonNegInt, correct: z.boolean() })),
  }),
  z.strictObject({
    type: z.literal("multiple"),
    options: z.array(z.strictObject({ id: idSchema, text: z.string(), count: nonNegInt, correct: z.boolean() })),
  }),
  z.strictObject({ type: z.literal("boolean"), trueCount: nonNegInt, falseCount: nonNegInt }),
  z.strictObject({
    type: z.literal("text"),
    /** The most common typed answers (normalised), at most 5; profane ones are left out. */
    top: z.array(z.strictObject({ text: z.string(), count: nonNegInt, correct: z.boolean() })),
  }),
  z.strictObject({
    type: z.literal("order"),
    /** For each position of the correct order: how many put the right item there. */
    positions: z.array(z.strictObject({ id: idSchema, text: z.string(), rightPlace: nonNegInt })),
  }),
  z.strictObject({
    type: z.literal("number"),
    /** Equal-width buckets over [min, max]; answers outside the range land in the first or last. */
    buckets: z.array(z.strictObject({ from: z.number(), to: z.number(), count: nonNegInt, containsAnswer: z.boolean() })),
  }),
]);
export type Distribution = z.infer<typeof distributionSchema>;

export const revealSummarySchema = z.strictObject({
  questionIndex: nonNegInt,
  key: revealedKeySchema,
  explanation: z.string(),
  /** Players who could answer this question (joined by then, not kicked). */
  eligible: nonNegInt,
  answered: nonNegInt,
  correct: nonNegInt,
  /** Partly right multiple-select answers: scored, but not correct. */
  partial: nonNegInt,
  wrong: nonNegInt,
  noAnswer: nonNegInt,
  distribution: distributionSchema,
});
export type RevealSummary = z.infer<typeof revealSummarySchema>;

export const rankedPlayerSchema = z.strictObject({
  playerId: idSchema,
  nickname: z.string(),
  score: nonNegInt,
  rank: z.number().int().positive(),
  /** Rank before the last revealed question; null for a player for whom it was the first. */
  previousRank: z.number().int().positive().nullable(),
  /** previousRank − rank: positive moved up; null when there is no previous rank. */
  rankChange: z.number().int().nullable(),
});
export type RankedPlayer = z.infer<typeof rankedPlayerSchema>;

export const podiumEntrySchema = z.strictObject({
  rank: z.number().int().positive(),
  nickname: z.string(),
  score: nonNegInt,
});

export const reportQuestionSchema = z.strictObject({
  index: nonNegInt,
  questionId: idSchema,
  prompt: z.string(),
  type: z.enum(QUESTION_TYPES),
  eligible: nonNegInt,
  answered: nonNegInt,
  correct: nonNegInt,
  /** correct ÷ eligible × 100, one decimal; a player who did not answer counts as not correct. */
  correctPercent: z.number().min(0).max(100),
  averageTimeMs: nonNegInt.nullable(),
});

export const reportPlayerSchema = z.strictObject({
  rank: z.number().int().positive(),
  playerId: idSchema,
  nickname: z.string(),
  score: nonNegInt,
  correct: nonNegInt,
  answered: nonNegInt,
  averageTimeMs: nonNegInt.nullable(),
  suspiciousAnswers: nonNegInt,
});

export const reportSchema = z.strictObject({
  gameId: idSchema,
  quizTitle: z.string(),
  startedAt: timestamp.nullable(),
  endedAt: timestamp.nullable(),
  endReason: endReasonSchema.nullable(),
  questionCount: nonNegInt,
  /** Questions revealed (played to the end); the report covers only these. */
  questionsPlayed: nonNegInt,
  questions: z.array(reportQuestionSchema),
  players: z.array(reportPlayerSchema),
  suspicious: z.array(
    z.strictObject({ playerId: idSchema, nickname: z.string(), questionIndex: nonNegInt, timeMs: nonNegInt }),
  ),
});
export type Report = z.infer<typeof reportSchema>;
export type ReportPlayer = z.infer<typeof reportPlayerSchema>;
export type ReportQuestion = z.infer<typeof reportQuestionSchema>;

export const hostViewSchema = z.strictObject({
  role: z.literal("host"),
  gameId: idSchema,
  pin: z.string(),
  quizTitle: z.string(),
  phase: phaseSchema,
  stage: stageSchema.nullable(),
  /** -1 in the lobby; the current (or last shown) question afterwards. */
  questionIndex: z.number().int().min(-1),
  questionCount: nonNegInt,
  settings: liveSettingsSchema,
  /** In the lobby: the players (kicked ones left out), in join order. Empty once the game started: the big screen shows counts. */
  players: z.array(
    z.strictObject({
      playerId: idSchema,
      nickname: z.string(),
      connected: z.boolean(),
      score: nonNegInt,
      rank: z.number().int().positive(),
    }),
  ),
  playerCount: nonNegInt,
  connectedCount: nonNegInt,
  /** Public data only: the big screen is seen by the whole room. */
  question: publicQuestionSchema.nullable(),
  timing: timingSchema.nullable(),
  answeredCount: nonNegInt,
  /** Connected players who may answer the current question: the early reveal waits for these. */
  expectedCount: nonNegInt,
  reveal: revealSummarySchema.nullable(),
  scoreboard: z.array(rankedPlayerSchema).nullable(),
  podium: z.array(podiumEntrySchema).nullable(),
  report: reportSchema.nullable(),
  endReason: endReasonSchema.nullable(),
});
export type HostView = z.infer<typeof hostViewSchema>;

export const playerResultSchema = z.strictObject({
  answered: z.boolean(),
  correct: z.boolean(),
  partial: z.boolean(),
  points: nonNegInt,
  streak: nonNegInt,
  key: revealedKeySchema,
  explanation: z.string(),
  /** The player's own answer's feedback (picked options', or true/false's), when the question has any. */
  feedback: z.array(z.string()).max(10).optional(),
});

export const playerViewSchema = z.strictObject({
  role: z.literal("player"),
  gameId: idSchema,
  quizTitle: z.string(),
  phase: phaseSchema,
  stage: stageSchema.nullable(),
  questionIndex: z.number().int().min(-1),
  questionCount: nonNegInt,
  me: z.strictObject({
    playerId: idSchema,
    nickname: z.string(),
    /** Score and streak as of the last reveal: they never move while a question is open. */
    score: nonNegInt,
    streak: nonNegInt,
    rank: z.number().int().positive(),
    previousRank: z.number().int().positive().nullable(),
    playerCount: nonNegInt,
    /** Re-rolls left for a generated nickname; 0 for a typed one. */
    rerollsLeft: nonNegInt,
    /** The first question this player may answer (it joined before it opened). */
    firstQuestion: nonNegInt,
  }),
  question: publicQuestionSchema.nullable(),
  timing: timingSchema.nullable(),
  /** This player may answer the current question (joined in time); false means "wait for the next one". */
  inThisQuestion: z.boolean(),
  /** The player's answer to the current question is locked in. */
  answered: z.boolean(),
  /** The player's own answer to the current question, echoed back (after a reconnect, too). */
  yourAnswer: answerValueSchema.nullable(),
  /** Only in the reveal phase: how this player did and the question's answer key. */
  result: playerResultSchema.nullable(),
  podium: z.array(podiumEntrySchema).nullable(),
  endReason: endReasonSchema.nullable(),
});
export type PlayerView = z.infer<typeof playerViewSchema>;

/**
 * A player view in two parts, so that a phase change reaches 2,000 phones as one broadcast
 * (`game:state`, encoded once for the whole room) plus a `player:me` only for the phones whose
 * own part changed. `composePlayerView(shared, personal)` is the PlayerView; the server sends a
 * whole `player:state` where every phone's view differs anyway (the reveal) and after a player's
 * own action.
 */
export const playerSharedSchema = playerViewSchema
  .pick({
    role: true,
    gameId: true,
    quizTitle: true,
    phase: true,
    stage: true,
    questionIndex: true,
    questionCount: true,
    question: true,
    timing: true,
    podium: true,
    endReason: true,
  })
  .extend({ playerCount: nonNegInt });
export type PlayerShared = z.infer<typeof playerSharedSchema>;

export const playerPersonalSchema = z.strictObject({
  me: playerViewSchema.shape.me.omit({ playerCount: true }),
  /** The player's answer with the question it answers; it counts only while that question is shown. */
  mine: z.strictObject({ questionIndex: nonNegInt, answer: answerValueSchema }).nullable(),
  /** How the player did; shown only in the reveal phase (a reveal always sends whole views). */
  result: playerResultSchema.nullable(),
});
export type PlayerPersonal = z.infer<typeof playerPersonalSchema>;

export const answerAckSchema = z.strictObject({
  questionIndex: nonNegInt,
  /** Server-measured time from the answers opening; says nothing about right or wrong. */
  timeMs: nonNegInt,
  /** True when this was a resend of an answer already locked in with the same clientId. */
  duplicate: z.boolean(),
  /**
   * The player's own part once the answer is stored (its answer echoed: "locked in"), as a
   * `player:me` would bring it; nothing in it tells right or wrong before the reveal.
   */
  me: playerPersonalSchema,
});
export type AnswerAck = z.infer<typeof answerAckSchema>;

export const joinAckSchema = z.strictObject({
  playerId: idSchema,
  /** The secret to resume with (`player:resume`); shown once, stored hashed on the server. */
  token: z.string(),
  nickname: z.string(),
  state: playerViewSchema,
});
export const resumeAckSchema = z.strictObject({ state: playerViewSchema });
export const rerollAckSchema = z.strictObject({ nickname: z.string(), rerollsLeft: nonNegInt });
export const hostAckSchema = z.strictObject({ state: hostViewSchema });
export const hostCreateAckSchema = z.strictObject({ gameId: idSchema, pin: z.string() });
export const kickedPayloadSchema = z.strictObject({ message: z.string() });

/** An acknowledgement: `{ok: true, …data}` or `{ok: false, error}`. */
export function ackSchema<T extends z.ZodObject>(data: T) {
  return z.discriminatedUnion("ok", [
    data.extend({ ok: z.literal(true) }),
    z.strictObject({ ok: z.literal(false), error: errorPayloadSchema }),
  ]);
}
export type Ack<T> = ({ ok: true } & T) | { ok: false; error: ErrorPayload };

/** Every server → client event with its payload schema. */
export const SERVER_EVENTS = {
  /** A fresh snapshot for the socket's role: host sockets get HostView, player sockets PlayerView. */
  "host:state": hostViewSchema,
  "player:state": playerViewSchema,
  /** To every phone of a game at once: the part of a phase change all players share. */
  "game:state": playerSharedSchema,
  /** To one phone: its own part, when a phase change changed it (see personalDiffers). */
  "player:me": playerPersonalSchema,
  /** The host removed this player; the server disconnects the socket after sending it. */
  "player:kicked": kickedPayloadSchema,
  /** An error outside an acknowledgement (e.g. a malformed event sent without a callback). */
  "game:error": errorPayloadSchema,
} as const satisfies Record<string, z.ZodType>;

type AckFn<T> = (res: Ack<T>) => void;

/** Socket.IO's typed-events maps (`new Server<ClientToServerEvents, ServerToClientEvents>()`). */
export interface ClientToServerEvents {
  "host:create": (payload: ClientPayload<"host:create">, ack: AckFn<z.infer<typeof hostCreateAckSchema>>) => void;
  "host:attach": (payload: ClientPayload<"host:attach">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:start": (payload: ClientPayload<"host:start">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:next": (payload: ClientPayload<"host:next">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:skip": (payload: ClientPayload<"host:skip">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:pause": (payload: ClientPayload<"host:pause">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:resume": (payload: ClientPayload<"host:resume">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:lock": (payload: ClientPayload<"host:lock">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:unlock": (payload: ClientPayload<"host:unlock">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:kick": (payload: ClientPayload<"host:kick">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:settings": (payload: ClientPayload<"host:settings">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:end": (payload: ClientPayload<"host:end">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:finish": (payload: ClientPayload<"host:finish">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "player:join": (payload: ClientPayload<"player:join">, ack: AckFn<z.infer<typeof joinAckSchema>>) => void;
  "player:resume": (payload: ClientPayload<"player:resume">, ack: AckFn<z.infer<typeof resumeAckSchema>>) => void;
  "player:reroll": (payload: ClientPayload<"player:reroll">, ack: AckFn<z.infer<typeof rerollAckSchema>>) => void;
  "player:answer": (payload: ClientPayload<"player:answer">, ack: AckFn<AnswerAck>) => void;
}

export interface ServerToClientEvents {
  "host:state": (view: HostView) => void;
  "player:state": (view: PlayerView) => void;
  "game:state": (shared: PlayerShared) => void;
  "player:me": (personal: PlayerPersonal) => void;
  "player:kicked": (payload: z.infer<typeof kickedPayloadSchema>) => void;
  "game:error": (payload: ErrorPayload) => void;
}
