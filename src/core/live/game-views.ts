import { normalizeText } from "../grading";
import { isProfane } from "../profanity";
import { wordCloud } from "../wordcloud";
import { openAnswersShown } from "./open-answers";
import { answerFeedback, pollCounts, toPublicData, type QuestionData } from "../question";
import { PODIUM_SIZE, SCOREBOARD_SIZE } from "./limits";
import {
  type Distribution,
  type HostView,
  type Phase,
  type PlayerPersonal,
  type PlayerShared,
  type PlayerView,
  type PublicQuestion,
  type RankedPlayer,
  type RevealedKey,
  type RevealSummary,
  type Timing,
} from "./schemas";
import { report } from "./report";
import { pickRich, publicTexts } from "../rich-text";
import {
  activeAnswers,
  activeCount,
  activePlayers,
  findAnswer,
  findPlayer,
  playerIndex,
  pointsOf,
  question,
  standings,
  waitingCount,
  type AnswerRecord,
  type GameState,
  type LiveQuestion,
  type PlayerState,
} from "./state";
import { questionForPhones } from "./phone-question";
import { composePlayerView } from "./views";
import { teamOfPlayer, teamsOf } from "./team-views";

/**
 * What the host's big screen and each player's phone see of a state, in its phase. Nothing a
 * player or the room sees before a question's reveal depends on its answer key.
 */

// ——— views ———

/** A question's public form depends only on the question and the game's seed: made once. */
const publicQuestionCache = new WeakMap<LiveQuestion, { seed: string; index: number; value: PublicQuestion }>();

function publicQuestion(s: GameState, i: number): PublicQuestion {
  const q = question(s, i);
  const cached = publicQuestionCache.get(q);
  // Two games may share question objects (not from the server, which loads each game's own).
  if (cached && cached.seed === s.seed && cached.index === i && cached.value.points === pointsOf(s, i)) return cached.value;
  const value = makePublicQuestion(s, q, i);
  publicQuestionCache.set(q, { seed: s.seed, index: i, value });
  return value;
}

function makePublicQuestion(s: GameState, q: LiveQuestion, i: number): PublicQuestion {
  // The seed is secret per game: the order shuffle cannot be undone by someone who knows ids.
  const data = toPublicData(q.data, `${s.seed}:${q.id}`);
  const rich = pickRich(q.rich, publicTexts(q.prompt, data));
  return {
    index: i,
    prompt: q.prompt,
    imageUrl: q.imageUrl ?? null,
    imageAlt: (q.imageUrl && q.imageAlt) || null,
    ...(q.audioUrl && { audioUrl: q.audioUrl }),
    timeLimitSeconds: q.timeLimitSeconds,
    points: pointsOf(s, i), // the host's ×0 / ×1 / ×2
    data,
    ...(rich && { rich }),
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
    ...(s.overtime && s.stage === "answering" && { overtime: true as const }),
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
    case "poll":
    case "slide":
    case "wordcloud":
    case "open":
      return { type: data.type };
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
    case "poll":
      return { type: "poll", options: pollCounts(data.options, answers.map((a) => a.answer)) };
    case "slide":
      return { type: "slide" };
    case "wordcloud":
      // The big screen's cloud: the 50 most given words, never every answer (2,000 players).
      return { type: "wordcloud", words: wordCloud(answers.map((a) => a.answer), data.maxWords) };
    case "open":
      // The host's screen only, at the reveal: the typed answers (first given first, profane ones
      // left out), which the host shows to the room one by one or all (docs/rules.md §5).
      return { type: "open", answers: openAnswersShown(answers.map((a) => a.answer)) };
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
  /** The question as the phones get it (without its text when the host shows it on the screen only). */
  phoneQuestion: PublicQuestion | null;
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
  const question = inQuestion ? publicQuestion(s, s.index) : null;
  const value: Shared = {
    byId,
    active,
    current,
    question,
    phoneQuestion: question && questionForPhones(question, s.settings.questionOnPhones !== false),
    podium: SHOWS_PODIUM.has(s.phase) ? podium(s) : null,
  };
  sharedCache.set(s, value);
  return value;
}

/** A player's own answer's feedback, only when there is some (most questions have none). */
function feedbackOf(q: LiveQuestion, rec: { answer: unknown; correct: boolean } | undefined): { feedback?: string[]; rich?: Record<string, string> } {
  const feedback = rec ? answerFeedback(q.data, rec.answer, rec.correct) : [];
  const rich = pickRich(q.rich, [q.explanation, ...feedback]);
  return { ...(feedback.length > 0 && { feedback }), ...(rich && { rich }) };
}

/** The rendered explanation of a revealed question, when it has formatting. */
function richExplanation(q: LiveQuestion): { rich?: Record<string, string> } {
  const rich = pickRich(q.rich, [q.explanation]);
  return rich ? { rich } : {};
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
    ...richExplanation(q),
    eligible,
    answered: recs.length,
    correct,
    partial,
    wrong: recs.length - correct - partial,
    noAnswer: Math.max(eligible - recs.length, 0),
    distribution: distribution(q.data, recs),
  };
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
      ...(p.team != null && { team: p.team }),
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
    ...(s.settings.teams && { teams: teamsOf(s) }),
    report: s.phase === "finished" || (s.phase === "cancelled" && started) ? report(s) : null,
    endReason: s.endReason,
    ...extraTimeList(active),
    ...(s.classGame
      ? {
          classGame: {
            className: s.classGame.className,
            players: active
              .filter((p) => p.rosterId)
              .map((p) => ({ playerId: p.id, nickname: p.nickname, connected: p.connected, released: p.released === true })),
          },
        }
      : {}),
  };
}

/** The host's list of players with extra time; nothing when nobody has any. */
function extraTimeList(active: readonly PlayerState[]): Pick<HostView, "extraTime"> {
  const list = active.flatMap((p) => (p.extraTime ? [{ playerId: p.id, nickname: p.nickname, factor: p.extraTime }] : []));
  return list.length > 0 ? { extraTime: list } : {};
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
    question: cached ? cached.phoneQuestion : inQuestion ? questionForPhones(publicQuestion(s, s.index), s.settings.questionOnPhones !== false) : null,
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
      ...(s.settings.teams && { team: teamOfPlayer(s, p.team) }),
      ...(p.extraTime && { extraTime: p.extraTime }),
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
            ...feedbackOf(q, rec),
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
