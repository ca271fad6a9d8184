import type { LiveErrorCode } from "./protocol";

/**
 * What a phone does with the outcome of sending an answer (src/components/live/player-game.tsx).
 * The answer is kept in the phone's storage until it is settled, and sent again with the same
 * client id after a reconnect (the server counts it once).
 *
 * - `failed` and the socket no longer connected: the connection closed before the
 *   acknowledgement. A server that lost or handed over the game closes it on purpose and stored
 *   nothing; the resume after the reconnect sends the answer again. It stays "locking in" (the
 *   bar says "Reconnecting…"), with no error.
 * - `failed` with the socket still up: no acknowledgement in time. "Not sent"; a tap or a
 *   reconnect sends it again.
 * - Acknowledged: settled, and an earlier "not sent" no longer holds.
 * - Refused: settled when sending it again cannot help; the refusal is shown, except a duplicate
 *   (it was counted already).
 */
export type AnswerAckStep = {
  /** Keep showing "locking in". */
  sending: boolean;
  /** Forget the stored answer (it will not be sent again). */
  settle: boolean;
  error: { kind: "keep" } | { kind: "clear" } | { kind: "sendFailed" } | { kind: "code"; code: LiveErrorCode };
};

/** Refusals that sending the same answer again cannot change. */
const FINAL: readonly LiveErrorCode[] = ["already_answered", "answer_too_late", "invalid_state", "validation_failed", "forbidden"];

export function answerAckStep(outcome: { failed: true; connected: boolean } | { failed: false; ok: true } | { failed: false; ok: false; code: LiveErrorCode }): AnswerAckStep {
  if (outcome.failed) {
    return outcome.connected ? { sending: false, settle: false, error: { kind: "sendFailed" } } : { sending: true, settle: false, error: { kind: "keep" } };
  }
  if (outcome.ok) return { sending: false, settle: true, error: { kind: "clear" } };
  return {
    sending: false,
    settle: FINAL.includes(outcome.code),
    error: outcome.code === "already_answered" ? { kind: "keep" } : { kind: "code", code: outcome.code },
  };
}
