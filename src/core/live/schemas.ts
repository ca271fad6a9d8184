import { z } from "../zod";
import { ANSWER_SCHEMAS } from "../grading";
import { normalizePin } from "../pin";
import { QUESTION_TYPES } from "../question";
import { DEFAULT_MAX_PLAYERS, DEFAULT_READING_DELAY_SECONDS, IDENTIFIER_LABEL_MAX, LIVE_LIMITS } from "./limits";
import { TEAM_ASSIGN, TEAM_COUNT_MAX, TEAM_COUNT_MIN, TEAM_NAME_MAX } from "./teams";

/**
 * The live game's data on the wire (docs/live-protocol.md): settings, errors, questions, reveals,
 * reports and the host's and players' views, one zod schema each. View types are inferred from the
 * schemas, so the engine's `hostView`/`playerView` cannot drift from what the wire promises. The
 * view schemas are strict objects: a field that is not declared here (an answer key, say) makes a
 * view fail to parse. The events carrying them are in protocol.ts.
 */

// ——— shared pieces ———

export const PHASES = ["lobby", "question", "reveal", "scoreboard", "podium", "finished", "cancelled"] as const;
export const phaseSchema = z.enum(PHASES);
export type Phase = z.infer<typeof phaseSchema>;

/**
 * The screen a host pressed Next or Skip on. The game acts only if it is still there: a second
 * press of a double click, or a Skip that crossed the question's timer, is acknowledged without
 * moving the game again. Optional, so older hosts' empty payloads still work.
 */
export const hostStepSchema = z.strictObject({ phase: phaseSchema, questionIndex: z.number().int().min(-1).max(LIVE_LIMITS.questionsMax - 1) });
export type HostStep = z.infer<typeof hostStepSchema>;

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
  "identifier_rejected",
  "roster_name_claimed",
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
  /**
   * Per question, in the quiz's order: ×0, ×1 or ×2 of the standard 1000 points (src/core/scoring.ts
   * `questionPoints`); a new game starts from the quiz's own points. Set in the lobby only.
   */
  pointsMultipliers: z.array(z.union([z.literal(0), z.literal(1), z.literal(2)])).max(LIVE_LIMITS.questionsMax),
  /**
   * The host's extra field asked at join (a student number, say): its label, or null for none.
   * What players type is shown only in the report. Set in the lobby only.
   */
  identifierLabel: z.string().max(IDENTIFIER_LABEL_MAX).nullable(),
  /**
   * Phones show the question (prompt, picture, option texts) as well as the big screen; off, they
   * show only the answer tiles (letter and shape) and the room reads the question on the screen.
   */
  questionOnPhones: z.boolean(),
  /**
   * Team mode (src/core/live/teams.ts): 2–8 teams, dealt evenly by the server or picked by each
   * player on joining; null (the default) plays alone. Set in the lobby only. Absent from games
   * created before team mode (read as null). `names`: the teams' names in the host's language, as
   * the big screen shows them, so that every phone calls a team what the room hears it called
   * (absent in games from before: each device names them in its own language).
   */
  teams: z
    .strictObject({
      count: z.number().int().min(TEAM_COUNT_MIN).max(TEAM_COUNT_MAX),
      assign: z.enum(TEAM_ASSIGN),
      names: z.array(z.string().trim().min(1).max(TEAM_NAME_MAX)).max(TEAM_COUNT_MAX).optional(),
    })
    .nullable()
    .optional(),
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
  pointsMultipliers: [],
  identifierLabel: null,
  questionOnPhones: true,
  teams: null,
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
  ANSWER_SCHEMAS.wordcloud, // words, blank fields dropped
  ANSWER_SCHEMAS.open, // an open answer longer than a typed one (≤ 500)
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const idSchema = z.string().min(1).max(64);
export const nonNegInt = z.number().int().min(0);
const timestamp = z.number().int();

export const pinSchema = z.string().max(20).transform((raw, ctx) => {
  const pin = normalizePin(raw);
  if (pin) return pin;
  ctx.addIssue({ code: "custom", message: "A game PIN has 6 digits" });
  return z.NEVER;
});

// ——— server → client: questions, reveals, views ———

const choiceSchema = z.strictObject({ id: idSchema, text: z.string() });
/** The HTML of formatted texts by source (src/core/rich-text.ts), rendered by the server. */
const richSchema = z.record(z.string(), z.string()).optional();

/** PublicQuestionData of src/core/question.ts: nothing that tells which answer is right. */
export const publicQuestionDataSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("single"), options: z.array(choiceSchema) }),
  z.strictObject({ type: z.literal("multiple"), options: z.array(choiceSchema) }),
  z.strictObject({ type: z.literal("boolean") }),
  z.strictObject({ type: z.literal("text") }),
  z.strictObject({ type: z.literal("order"), items: z.array(choiceSchema) }),
  z.strictObject({ type: z.literal("number"), min: z.number(), max: z.number(), unit: z.string().optional() }),
  z.strictObject({ type: z.literal("poll"), options: z.array(choiceSchema) }),
  z.strictObject({ type: z.literal("slide"), text: z.string() }),
  z.strictObject({ type: z.literal("wordcloud"), maxWords: z.number().int().min(1).max(3) }),
  z.strictObject({ type: z.literal("open"), maxLength: z.number().int().min(1).max(500) }),
]);

export const publicQuestionSchema = z.strictObject({
  index: nonNegInt,
  prompt: z.string(),
  imageUrl: z.string().nullable(),
  /** The picture's description for people who cannot see it (its alt text). */
  imageAlt: z.string().nullable(),
  /** A sound to play with the question: the big screen plays it, phones offer a play button. Absent without one. */
  audioUrl: z.string().optional(),
  timeLimitSeconds: z.number().int().positive(),
  points: nonNegInt,
  data: publicQuestionDataSchema,
  /** The host shows the question on the big screen only: no prompt, picture or option text here (settings.questionOnPhones). */
  onScreenOnly: z.literal(true).optional(),
  rich: richSchema,
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
  /**
   * Time is up for everyone without extra time; the question stays open for players with extra
   * time who have not answered (docs/rules.md §4 "Extra time"). Absent otherwise.
   */
  overtime: z.literal(true).optional(),
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
  /** A poll and a slide have no answer key. */
  z.strictObject({ type: z.literal("poll") }),
  z.strictObject({ type: z.literal("slide") }),
  z.strictObject({ type: z.literal("wordcloud") }),
  z.strictObject({ type: z.literal("open") }),
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
  /** The votes per option; none is right. */
  z.strictObject({
    type: z.literal("poll"),
    options: z.array(z.strictObject({ id: idSchema, text: z.string(), count: nonNegInt })),
  }),
  z.strictObject({ type: z.literal("slide") }),
  /** A word cloud's most given words (grouped ignoring case, accents and spaces; profanity left out), at most 50. */
  z.strictObject({
    type: z.literal("wordcloud"),
    words: z.array(z.strictObject({ text: z.string(), count: nonNegInt })).max(50),
  }),
  /** An open question's typed answers, for the host's screen only (never a phone's), at most 200. */
  z.strictObject({ type: z.literal("open"), answers: z.array(z.string()).max(200) }),
]);
export type Distribution = z.infer<typeof distributionSchema>;

export const revealSummarySchema = z.strictObject({
  questionIndex: nonNegInt,
  key: revealedKeySchema,
  explanation: z.string(),
  rich: richSchema,
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

/** A team's standing (teams.ts teamStandings): mean score and rank, both null for a team with nobody in it. */
export const teamStandingSchema = z.strictObject({
  team: nonNegInt,
  players: nonNegInt,
  score: z.number().min(0).nullable(),
  rank: z.number().int().positive().nullable(),
});
export type TeamStandingView = z.infer<typeof teamStandingSchema>;

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
  /** The player's team (0-based), in a team game only. */
  team: nonNegInt.optional(),
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
  /** In a team game only: every team, in team order. */
  teams: z.array(teamStandingSchema).optional(),
  suspicious: z.array(
    z.strictObject({ playerId: idSchema, nickname: z.string(), questionIndex: nonNegInt, timeMs: nonNegInt }),
  ),
  /** The questions' prompts with formatting or formulas, as HTML rendered on the server, by source. */
  rich: richSchema,
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
      /** In a team game only. */
      team: nonNegInt.optional(),
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
  /** In a team game only: every team in team order, with its mean score and rank as of the last reveal. */
  teams: z.array(teamStandingSchema).optional(),
  report: reportSchema.nullable(),
  endReason: endReasonSchema.nullable(),
  /**
   * The players with extra time (docs/rules.md §4), for the host's own discreet panel only; the
   * big screen never shows it unless the host opens the panel. Absent when nobody has any.
   */
  extraTime: z
    .array(z.strictObject({ playerId: idSchema, nickname: z.string(), factor: z.union([z.literal(1.5), z.literal(2)]) }))
    .optional(),
  /**
   * Only in a game for a class (docs/rules.md §13): its name and the roster names taken, at every
   * phase, so that the host can release one (at most a class's 300 students).
   */
  classGame: z
    .strictObject({
      className: z.string(),
      players: z.array(z.strictObject({ playerId: idSchema, nickname: z.string(), connected: z.boolean(), released: z.boolean() })),
    })
    .optional(),
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
  rich: richSchema,
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
    /**
     * In a team game only: the player's team (0-based), its rank (as of the last reveal) among the
     * `of` ranked teams, and its name as the big screen shows it (absent in games from before).
     */
    team: z.strictObject({ index: nonNegInt, rank: z.number().int().positive().nullable(), of: nonNegInt, name: z.string().optional() }).optional(),
    /** This player's own extra time (×1.5, ×2): its phone counts down its own longer clock. Absent for none. */
    extraTime: z.union([z.literal(1.5), z.literal(2)]).optional(),
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
