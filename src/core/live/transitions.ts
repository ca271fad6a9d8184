import { isGraded } from "../question";
import { type EndReason } from "./schemas";
import { LOBBY_IDLE_MS } from "./limits";
import { creditClosest } from "./closest";
import { type Fx } from "./effects";
import {
  LIVE_ANSWER_GRACE_MS,
  answersByPlayer,
  answersOf,
  DROP_GRACE_MS,
  expireDrops,
  lastExtraDeadline,
  pendingExtraTime,
  playerIndex,
  question,
  rank,
  waitedFor,
  waitingCount,
  type GameState,
} from "./state";

/**
 * The game's clock and phase changes: when it must next be woken, opening and closing a
 * question (crediting its answers), and ending the game.
 */

// ——— the clock ———

/** When the server should next call `tick`; null when nothing is timed (waiting for the host). */
export function nextTickAt(s: GameState): number | null {
  if (s.phase === "lobby") return s.lastActivityAt + LOBBY_IDLE_MS;
  if (s.phase !== "question" || s.paused) return null;
  if (s.stage === "reading") return s.answersOpenAt;
  if (s.closesAt === null) return null;
  // A dropped player's grace ending may let "everyone has answered" close the question. After
  // everyone else's time, the question waits for the last deadline of the players with extra time.
  let at = s.overtime ? (lastExtraDeadline(s) ?? s.closesAt + LIVE_ANSWER_GRACE_MS) : s.closesAt + LIVE_ANSWER_GRACE_MS;
  for (const p of playerIndex(s.players).dropped) {
    if (p.firstQuestion <= s.index && p.droppedAt != null) at = Math.min(at, p.droppedAt + DROP_GRACE_MS);
  }
  return at;
}

/** Catches the game up with the clock: lobby expiry, answers opening, time up. */
export function advance(s: GameState, now: number, fx: Fx): GameState {
  if (s.phase === "lobby" && now >= s.lastActivityAt + LOBBY_IDLE_MS) {
    return endGame(s, now, "expired", fx);
  }
  if (s.phase !== "question" || s.paused) return s;
  let next = expireDrops(s, now);
  if (next.stage === "reading" && next.answersOpenAt !== null && now >= next.answersOpenAt) {
    next = { ...next, stage: "answering" };
    fx.sendAll();
  }
  if (next.stage === "answering" && next.closesAt !== null && now >= next.closesAt + LIVE_ANSWER_GRACE_MS) {
    // Time is up for everyone without extra time; the question stays open while a player with
    // extra time may still answer (docs/rules.md §4 "Extra time").
    if (pendingExtraTime(next, now).length === 0) next = closeQuestion(next, now, fx);
    else if (!next.overtime) {
      next = { ...next, overtime: true };
      fx.sendAll();
      fx.persistGame();
    }
  }
  return next;
}

// ——— transitions ———

export function openQuestion(s: GameState, i: number, now: number, fx: Fx): GameState {
  const q = question(s, i);
  // A slide is read, not answered: no reading delay before it.
  const delay = q.data.type === "slide" ? 0 : s.settings.readingDelaySeconds * 1000;
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
    // A slide has no clock: it stays until the host moves on.
    closesAt: q.data.type === "slide" ? null : answersOpenAt + q.timeLimitSeconds * 1000,
    paused: null,
  };
}

/** Time up, everyone answered or skipped: credit the answers and show the reveal. */
export function closeQuestion(before: GameState, _now: number, fx: Fx): GameState {
  const i = before.index;
  // An estimation's closest guesses earn full points now that every guess is in (closest.ts).
  const s = creditClosest(before, i, fx);
  const limitMs = question(s, i).timeLimitSeconds * 1000;
  const answers = answersByPlayer(s, i);
  const changed: string[] = [];
  // A poll or a slide changes no score, streak or answer time: the scoreboard stays as it was.
  const graded = isGraded(question(s, i).data.type);
  const players = s.players.map((p) => {
    if (p.firstQuestion > i || !graded) return p;
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
  return rank({ ...s, players, phase: "reveal", stage: null, paused: null, ...(s.overtime && { overtime: false }), lastRevealedIndex: i });
}

export function endGame(s: GameState, now: number, reason: EndReason, fx: Fx): GameState {
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

/** Ends the question early once every connected player who may answer has answered. */
export function closeIfAllAnswered(s: GameState, now: number, fx: Fx): GameState {
  if (s.phase !== "question" || s.stage !== "answering" || s.paused) return s;
  // After everyone else's time: once no player with extra time is left to wait for.
  if (s.overtime) return pendingExtraTime(s, now).length === 0 ? closeQuestion(s, now, fx) : s;
  const answers = answersOf(s, s.index);
  const count = waitingCount(s, s.index, now);
  if (count === 0 || answers.length < count) return s; // cheap "not yet" on every answer
  const answered = new Set(answers.map((a) => a.playerId));
  return waitedFor(s, s.index, now).every((p) => answered.has(p.id)) ? closeQuestion(s, now, fx) : s;
}
