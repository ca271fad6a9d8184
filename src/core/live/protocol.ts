import { z } from "../zod";
import {
  answerValueSchema,
  errorPayloadSchema,
  hostViewSchema,
  idSchema,
  nonNegInt,
  hostStepSchema,
  pinSchema,
  playerPersonalSchema,
  playerSharedSchema,
  playerViewSchema,
  settingsPatchSchema,
  type ErrorPayload,
  type HostView,
  type PlayerPersonal,
  type PlayerShared,
  type PlayerView,
} from "./schemas";
import { LIVE_LIMITS } from "./limits";

/**
 * The live-game wire protocol (docs/live-protocol.md): one zod schema per Socket.IO event payload,
 * client → server and server → client, shared by the server (which validates every incoming
 * payload with these) and the browser. What the events carry (settings, views, reports, errors)
 * is in schemas.ts and the limits in limits.ts; both are re-exported here, so callers import
 * the whole protocol from one place.
 */

export * from "./limits";
export * from "./schemas";

// ——— client → server payloads ———

const empty = z.strictObject({});

const moveOn = z.strictObject({ at: hostStepSchema.optional() });

export const hostCreateSchema = z.strictObject({
  slug: z.string().min(1).max(200),
  /** Host it for one of the host's own classes: players pick their names from its roster. */
  classId: z.uuid().optional(),
});
export const hostAttachSchema = z.strictObject({ gameId: z.uuid() });
export const hostKickSchema = z.strictObject({ playerId: z.uuid() });
/** A game for a class: frees a player's roster name so another device can take it. */
export const hostReleaseSchema = z.strictObject({ playerId: z.uuid() });
export const hostSettingsSchema = settingsPatchSchema;
/** Extra time for one player (docs/rules.md §4): by id (the lobby's list) or by nickname (later on); 1 takes it back. */
export const hostExtraTimeSchema = z.union([
  z.strictObject({ playerId: z.uuid(), factor: z.union([z.literal(1), z.literal(1.5), z.literal(2)]) }),
  z.strictObject({ nickname: z.string().min(1).max(100), factor: z.union([z.literal(1), z.literal(1.5), z.literal(2)]) }),
]);
export const playerJoinSchema = z.strictObject({
  pin: pinSchema,
  /** Omitted: the server gives a generated one ("Brave Otter"). Checked by the engine, not here, so the error is `nickname_rejected`. */
  nickname: z.string().max(100).optional(),
  /** The host's extra field (settings.identifierLabel), when it asks one. Checked by the engine: `identifier_rejected`. */
  identifier: z.string().max(200).optional(),
  /** The team picked on joining (0-based), when the host lets players pick; otherwise ignored. */
  team: z.number().int().min(0).max(7).optional(),
  /** A game for a class: the roster entry whose name the player picks (docs/rules.md §13). */
  studentId: z.uuid().optional(),
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
  "host:next": moveOn,
  "host:skip": moveOn,
  "host:pause": empty,
  "host:resume": empty,
  "host:lock": empty,
  "host:unlock": empty,
  "host:kick": hostKickSchema,
  "host:release": hostReleaseSchema,
  "host:settings": hostSettingsSchema,
  "host:extraTime": hostExtraTimeSchema,
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
export const kickedPayloadSchema = z.strictObject({
  message: z.string(),
  /** "released": the host freed this player's roster name for another device (a game for a class). */
  reason: z.enum(["kicked", "released"]).optional(),
});

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
  "host:release": (payload: ClientPayload<"host:release">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:settings": (payload: ClientPayload<"host:settings">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
  "host:extraTime": (payload: ClientPayload<"host:extraTime">, ack: AckFn<z.infer<typeof hostAckSchema>>) => void;
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
