import { gradeAnswer, parseAnswer, type Answer } from "../grading";
import { checkNickname, type NicknameProblem } from "../nickname";
import { isGraded, type QuestionData } from "../question";
import { cleanOpenAnswer } from "../open-answer";
import { scoreAnswer } from "../scoring";
import { generateNickname, seededRandom } from "./nicknames";
import { checkIdentifier, checkIdentifierLabel, type IdentifierProblem } from "./identifier";
import { IDENTIFIER_MAX, NICKNAME_REROLLS } from "./limits";
import { settingsPatchSchema, type HostStep } from "./schemas";
import { joinTeam, reassignTeams } from "./teams";
import { Fx, type Command, type Outcome, type Reply } from "./effects";
import { LIVE_ANSWER_GRACE_MS } from "./state";
import { isExtraTime } from "../extra-time";
import { joinRoster, releaseName } from "./roster";
import { advance, closeIfAllAnswered, closeQuestion, endGame, nextTickAt, openQuestion } from "./transitions";
import {
  activeCount,
  appendAnswer,
  err,
  findAnswer,
  findPlayer,
  firstQuestionFor,
  newPlayer,
  playerIndex,
  playerLimitMs,
  pointsOf,
  question,
  rank,
  settingsMessage,
  TERMINAL,
  withPlayer,
  type AnswerRecord,
  type GameState,
  type LiveError,
} from "./state";

/** The commands: each checks what it may do in the current phase and makes the next state. */

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

const IDENTIFIER_MESSAGES: Record<IdentifierProblem, string> = {
  empty: "Fill in the host's field to join.",
  too_long: `The host's field takes at most ${IDENTIFIER_MAX} characters.`,
  control_chars: "The host's field cannot contain control characters.",
};

function join(s: GameState, playerId: string, raw: string | undefined, rawIdentifier: string | undefined, now: number, fx: Fx, picked?: number): Step {
  if (s.phase === "podium" || TERMINAL.has(s.phase)) return { ok: false, error: err("invalid_state", "This game is over.") };
  if (findPlayer(s, playerId)) return { ok: false, error: err("invalid_state", "This player has already joined.") };
  if (s.settings.locked) return { ok: false, error: err("game_locked", "The host has locked this game.") };
  if (activeCount(s) >= s.settings.maxPlayers) {
    return { ok: false, error: err("game_full", "This game is full.") };
  }
  let identifier: string | null = null;
  if (s.settings.identifierLabel) {
    const checked = checkIdentifier(rawIdentifier);
    if (!checked.ok) return { ok: false, error: err("identifier_rejected", IDENTIFIER_MESSAGES[checked.problem]) };
    identifier = checked.identifier;
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
  const firstQuestion = firstQuestionFor(s);
  const player = newPlayer({
    id: playerId,
    nickname,
    generated: useGenerated,
    rerollsLeft: useGenerated ? NICKNAME_REROLLS : 0,
    joinSeq: s.joinCount,
    joinedAt: now,
    firstQuestion,
    identifier,
  });
  fx.persistPlayers([playerId]);
  fx.sendHost(true);
  fx.sendPlayer(playerId);
  // In the lobby every score is 0, so the newcomer ranks last and nobody else moves: no re-sort
  // for each of 2,000 joins.
  const lobbyRank = s.phase === "lobby" ? activeCount(s) + 1 : null;
  const team = s.settings.teams ? { team: joinTeam(s.players, s.settings.teams, picked) } : null;
  const grown = { ...s, players: [...s.players, { ...player, rank: lobbyRank, ...team }], joinCount: s.joinCount + 1 };
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
  if (p.released) {
    // A released roster name comes back only by being taken again (a join), never by a resume.
    return connected ? { ok: false, error: err("forbidden", "The host released this name for another device.") } : { ok: true, state: s };
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
  const data = { ...parsed.data };
  // Points per question and the join field are the lobby's: answers already scored, and players
  // already in, would not follow a change.
  if ((data.pointsMultipliers !== undefined || data.identifierLabel !== undefined || data.teams !== undefined) && s.phase !== "lobby") {
    return { ok: false, error: err("invalid_state", "Points per question, the join field and teams are set in the lobby.") };
  }
  if (data.pointsMultipliers !== undefined && data.pointsMultipliers.length !== s.questions.length) {
    return { ok: false, error: err("validation_failed", `pointsMultipliers: give one for each of the ${s.questions.length} questions`) };
  }
  if (data.identifierLabel !== undefined) {
    const label = checkIdentifierLabel(data.identifierLabel);
    if (!label.ok) return { ok: false, error: err("validation_failed", "identifierLabel: at most 40 characters, no control characters") };
    data.identifierLabel = label.label;
  }
  // Timing and scoring changes apply from the next question on; the open one keeps its clock.
  fx.persistGame();
  if (data.teams !== undefined) {
    fx.sendAll(); // every phone's team
    return { ok: true, state: { ...s, settings: { ...s.settings, ...data }, players: reassignTeams(s.players, data.teams) } };
  }
  fx.sendHost();
  return { ok: true, state: { ...s, settings: { ...s.settings, ...data } } };
}

/**
 * The host gives a player extra time (×1.5, ×2) or takes it back (×1), by id or by nickname
 * (nicknames are unique in a game, case aside), at any time until the game ends. It applies to
 * the open question too: the player's deadline is the answers' opening plus their own limit.
 */
function extraTime(s: GameState, cmd: Extract<Command, { type: "extraTime" }>, fx: Fx): Step {
  if (TERMINAL.has(s.phase)) return { ok: false, error: err("invalid_state", "This game is over.") };
  if (!isExtraTime(cmd.factor)) return { ok: false, error: err("validation_failed", "factor: 1, 1.5 or 2") };
  const name = cmd.nickname?.trim().toLowerCase();
  const p = cmd.playerId !== undefined ? findPlayer(s, cmd.playerId) : name ? s.players.find((q) => !q.kicked && q.nickname.toLowerCase() === name) : undefined;
  if (!p || p.kicked) return { ok: false, error: err("not_found", "No such player in this game.") };
  const { extraTime: _old, ...rest } = p;
  const player = cmd.factor === 1 ? rest : { ...rest, extraTime: cmd.factor };
  fx.persistGame(); // the snapshot keeps it across a restart
  fx.sendHost();
  fx.sendPlayer(p.id); // the player's own clock
  return { ok: true, state: withPlayer(s, player) };
}

function start(s: GameState, now: number, fx: Fx): Step {
  if (s.phase !== "lobby") return { ok: false, error: err("invalid_state", "The game has already started.") };
  if (playerIndex(s.players).active.length === 0) return { ok: false, error: err("invalid_state", "Wait for at least one player.") };
  return { ok: true, state: openQuestion({ ...s, startedAt: now }, 0, now, fx) };
}

/**
 * A move-on press made on a screen the game has already left (a double click's second press, a
 * Skip that crossed the timer): acknowledged, and the game stays where it is.
 */
function leftBehind(s: GameState, at: HostStep | undefined): boolean {
  return at !== undefined && (at.phase !== s.phase || at.questionIndex !== s.index);
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
      // A slide has nothing to reveal or score: the host moves straight on.
      if (question(s, s.index).data.type === "slide") return next({ ...closeQuestion(s, now, fx), phase: "scoreboard" }, now, fx);
      return { ok: false, error: err("invalid_state", "The question is still open; skip it to reveal now.") };
    default:
      return { ok: false, error: err("invalid_state", "This game is over.") };
  }
}

function pause(s: GameState, now: number, fx: Fx): Step {
  if (s.phase !== "question") return { ok: false, error: err("invalid_state", "Only a running question can be paused.") };
  if (s.paused) return { ok: false, error: err("invalid_state", "The game is already paused.") };
  if (s.closesAt === null) return { ok: false, error: err("invalid_state", "A slide has no clock to pause.") };
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
    case "poll":
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
    case "wordcloud":
      return (answer as string[]).length <= data.maxWords ? answer : null;
    case "open":
      return cleanOpenAnswer(answer, data.maxLength);
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

  // The player's own limit: ×1.5 or ×2 with extra time. Past it and its grace the answer is late,
  // though the question may still be open for a player with more time (docs/rules.md §4).
  const limitMs = playerLimitMs(s, i, p);
  if (now >= s.answersOpenAt + limitMs + LIVE_ANSWER_GRACE_MS) {
    return { ok: false, error: err("answer_too_late", "Time was up before your answer arrived.") };
  }
  const timeMs = Math.min(Math.max(now - s.answersOpenAt, 0), limitMs);
  const grade = gradeAnswer(q.data, value);
  // A poll's vote scores nothing and leaves the streak as it was (docs/rules.md §5).
  const scored = !isGraded(q.data.type) ? { points: 0, streak: p.streak } : scoreAnswer({
    points: pointsOf(s, i),
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
      // A game for a class takes names from its roster only (docs/rules.md §13).
      if (s.classGame || cmd.claim) return joinRoster(s, cmd, now, fx);
      return join(s, cmd.playerId, cmd.nickname, cmd.identifier, now, fx, cmd.team);
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
    case "extraTime":
      return extraTime(s, cmd, fx);
    case "release":
      return releaseName(s, cmd.playerId, fx);
    case "settings":
      return changeSettings(s, cmd.patch, fx);
    case "lock":
      return changeSettings(s, { locked: true }, fx);
    case "unlock":
      return changeSettings(s, { locked: false }, fx);
    case "start":
      return start(s, now, fx);
    case "next":
      if (leftBehind(s, cmd.at)) return { ok: true, state: s };
      return next(s, now, fx);
    case "skip":
      if (leftBehind(s, cmd.at)) return { ok: true, state: s };
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
