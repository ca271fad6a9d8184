/**
 * Player views in two parts (see playerSharedSchema in protocol.ts): composing them, splitting a
 * whole view, and deciding when a phone needs its own part again. Free of zod, so the phone's
 * bundle stays small; the server and the phone use the same functions.
 */
import type { PlayerPersonal, PlayerShared, PlayerView } from "./protocol";

/** The player's view from its two parts (the server's playerView is defined by this, too). */
export function composePlayerView(shared: PlayerShared, personal: PlayerPersonal): PlayerView {
  const shown = shared.question !== null;
  const mine = shown && personal.mine !== null && personal.mine.questionIndex === shared.questionIndex ? personal.mine : null;
  return {
    role: "player",
    gameId: shared.gameId,
    quizTitle: shared.quizTitle,
    phase: shared.phase,
    stage: shared.stage,
    questionIndex: shared.questionIndex,
    questionCount: shared.questionCount,
    me: { ...personal.me, playerCount: shared.playerCount },
    question: shared.question,
    timing: shared.timing,
    inThisQuestion: shown && personal.me.firstQuestion <= shared.questionIndex,
    answered: mine !== null,
    yourAnswer: mine === null ? null : mine.answer,
    result: shared.phase === "reveal" ? personal.result : null,
    podium: shared.podium,
    endReason: shared.endReason,
  };
}

/** The shared part of a whole view (what a phone holds after a `player:state`). */
export function sharedOfView(v: PlayerView): PlayerShared {
  return {
    role: "player",
    gameId: v.gameId,
    quizTitle: v.quizTitle,
    phase: v.phase,
    stage: v.stage,
    questionIndex: v.questionIndex,
    questionCount: v.questionCount,
    question: v.question,
    timing: v.timing,
    podium: v.podium,
    endReason: v.endReason,
    playerCount: v.me.playerCount,
  };
}

/** The personal part of a whole view: exactly what the server's playerPersonal gave for it. */
export function personalOfView(v: PlayerView): PlayerPersonal {
  const { playerCount: _count, ...me } = v.me;
  return {
    me,
    mine: v.answered && v.yourAnswer !== null ? { questionIndex: v.questionIndex, answer: v.yourAnswer } : null,
    result: v.result,
  };
}

const ME_KEYS = ["playerId", "nickname", "score", "streak", "rank", "previousRank", "rerollsLeft", "firstQuestion", "extraTime"] as const;

/**
 * Whether a phone holding `held` would see something else than `actual` gives, with this shared
 * part: then the server sends `actual` as a `player:me`. Parts of a personal that the shared
 * part does not show (an answer to an earlier question, a result outside a reveal) do not count.
 */
export function personalDiffers(held: PlayerPersonal, actual: PlayerPersonal, shared: PlayerShared): boolean {
  for (const k of ME_KEYS) if (held.me[k] !== actual.me[k]) return true;
  if (held.me.team !== actual.me.team && (held.me.team?.index !== actual.me.team?.index || held.me.team?.rank !== actual.me.team?.rank || held.me.team?.of !== actual.me.team?.of || held.me.team?.name !== actual.me.team?.name)) return true;
  // What composePlayerView takes from the own part besides `me`: the echoed answer while its
  // question is shown, and the result in a reveal.
  const shown = shared.question !== null;
  const heldMine = shown && held.mine !== null && held.mine.questionIndex === shared.questionIndex ? held.mine : null;
  const actualMine = shown && actual.mine !== null && actual.mine.questionIndex === shared.questionIndex ? actual.mine : null;
  if ((heldMine === null) !== (actualMine === null)) return true;
  if (heldMine && actualMine && JSON.stringify(heldMine.answer) !== JSON.stringify(actualMine.answer)) return true;
  return shared.phase === "reveal" && held.result !== actual.result && JSON.stringify(held.result) !== JSON.stringify(actual.result);
}
