/**
 * The teacher's report of a live game or a challenge (docs/rules.md §12): a grid of players ×
 * questions, each question's results and answer distribution, and the players who need
 * attention. Pure: the server loads questions, players and answers and hands them here.
 */
import { normalizeText, type Answer } from "../grading";
import { isGraded, type QuestionData, type QuestionType } from "../question";
import { wordCloud } from "../wordcloud";
import { teamKey } from "../live/teams";
import { reportTeams, type ReportTeam } from "./teams";

/** A question under 40 % right is marked hard. */
export const HARD_BELOW = 0.4;
/** A player under 50 % right, or with this many questions unanswered, needs attention. */
export const ATTENTION_BELOW = 0.5;
export const ATTENTION_UNANSWERED = 3;
/** How many of a player's weakest questions "Needs attention" names. */
export const WEAKEST_SHOWN = 3;

export type ReportQuestionInput = {
  prompt: string;
  data: QuestionData;
  imageUrl?: string | null;
  imageAlt?: string | null;
};

export type ReportPlayerInput = {
  id: string;
  nickname: string;
  rosterName?: string | null;
  /** What the player typed for the host's join field (a live game that asked one). */
  identifier?: string | null;
  score: number;
  /** The player's team (0-based) in a live team game. */
  team?: number | null;
  /** The first question the player could answer (a live player who joined late starts later); 0 otherwise. */
  firstQuestion: number;
};

export type ReportAnswerInput = {
  playerId: string;
  questionIndex: number;
  /** Null: the player sent none (time ran out, or the attempt was ended early). */
  answer: Answer | null;
  correct: boolean;
  /** Share of the points earned: between 0 and 1 exclusive is partly right. */
  share: number;
  points: number;
  timeMs: number;
};

export type ReportInput = {
  questions: readonly ReportQuestionInput[];
  players: readonly ReportPlayerInput[];
  answers: readonly ReportAnswerInput[];
  /** How true and false read as answers (the viewer's language); "True" / "False" by default. */
  words?: { true: string; false: string };
  /** How the answers were scored: shown with the report (docs/rules.md §12). */
  scoring?: ReportScoring;
  /** A live team game's number of teams (src/core/live/teams.ts); absent otherwise. */
  teamCount?: number;
  /** Its teams' names as the game fixed them (the host's language); absent in games from before. */
  teamNames?: readonly string[];
};

/**
 * The scoring that applied (docs/rules.md §9): speed and streak switches, the points each question
 * was worth (after the host's or owner's ×0 / ×1 / ×2), and the host's join field's label (null: none asked).
 */
export type ReportScoring = { speedBonus: boolean; streakBonus: boolean; questionPoints: number[]; identifierLabel: string | null };

export type CellStatus = "answered" | "unanswered" | "joined_late";

export type ReportAnswer = {
  questionIndex: number;
  status: CellStatus;
  /** The answer as text: the option, the typed words, the order joined with " → ", the number. Null when none. */
  answer: string | null;
  correct: boolean;
  partial: boolean;
  timeMs: number | null;
  points: number;
};

export type ReportPlayer = {
  id: string;
  rank: number;
  nickname: string;
  rosterName?: string;
  /** The host's join field as the player filled it; only in a report of a game that asked one. */
  identifier?: string;
  /** The player's team's key (src/core/live/teams.ts TEAMS), in a team game only. */
  team?: string;
  score: number;
  correctCount: number;
  answeredCount: number;
  unansweredCount: number;
  /** Questions the player could answer (not those before they joined). */
  eligibleCount: number;
  /** Share right, partly right answers counting their share, of the questions the player could answer (0–1). */
  correctRate: number;
  answers: ReportAnswer[];
};

export type DistributionEntry = { answer: string; count: number; correct: boolean };

export type ReportQuestion = {
  index: number;
  prompt: string;
  type: QuestionType;
  /**
   * False for a poll or a slide: no right answer, no % right, never hard, left out of every
   * player's rates and counts; a poll still has its distribution (the votes), a slide none.
   */
  graded: boolean;
  imageUrl: string | null;
  imageAlt: string | null;
  /** The right answer as text (every accepted answer for a typed one, joined with " / "). */
  key: string;
  /** Players who could answer it. */
  eligible: number;
  answered: number;
  correctCount: number;
  /** Right answers over the players who could answer (0–1); 0 when nobody could. */
  correctRate: number;
  /** Of the answers given; null when nobody answered. */
  averageMs: number | null;
  distribution: DistributionEntry[];
  mostChosenWrong: { answer: string; count: number } | null;
  hard: boolean;
};

export type AttentionEntry = {
  playerId: string;
  nickname: string;
  rosterName?: string;
  correctRate: number;
  unansweredCount: number;
  reasons: ("low_score" | "unanswered")[];
  /** Question indexes the player missed, those most of the class got right first. */
  weakest: number[];
};

export type GameReport = {
  questions: ReportQuestion[];
  players: ReportPlayer[];
  needsAttention: AttentionEntry[];
  scoring?: ReportScoring;
  /** A team game's teams, best first, then those with nobody in them (./teams.ts). */
  teams?: ReportTeam[];
};

/** The words a report lists for one word cloud. */
const REPORT_WORDS = 200;

const DEFAULT_WORDS = { true: "True", false: "False" };

type Choice = { id: string; text: string };

function choicesOf(data: QuestionData): Choice[] {
  if (data.type === "single" || data.type === "multiple" || data.type === "poll") return data.options;
  if (data.type === "order") return data.items;
  return [];
}

/** An answer in words: choice ids replaced by their text, an order joined with arrows. */
export function answerText(data: QuestionData, answer: Answer | null, words = DEFAULT_WORDS): string | null {
  if (answer === null || answer === "") return null;
  const choices = choicesOf(data);
  const textOf = (id: string) => choices.find((c) => c.id === id)?.text ?? id;
  if (typeof answer === "boolean") return answer ? words.true : words.false;
  if (Array.isArray(answer)) return answer.map(textOf).join(data.type === "order" ? " → " : ", ");
  if (typeof answer === "number") return data.type === "number" && data.unit ? `${answer} ${data.unit}` : String(answer);
  return data.type === "single" || data.type === "poll" ? textOf(answer) : answer.trim();
}

export function keyText(data: QuestionData, words = DEFAULT_WORDS): string {
  switch (data.type) {
    case "single":
      return answerText(data, data.correct, words) ?? "";
    case "multiple":
      return data.options.filter((o) => data.correct.includes(o.id)).map((o) => o.text).join(", ");
    case "boolean":
      return data.correct ? words.true : words.false;
    case "text":
      return data.accepted.join(" / ");
    case "order":
      return data.items.map((i) => i.text).join(" → ");
    case "number": {
      const unit = data.unit ? ` ${data.unit}` : "";
      return data.tolerance > 0 ? `${data.answer}${unit} ± ${data.tolerance}` : `${data.answer}${unit}`;
    }
    case "poll":
    case "slide":
    case "wordcloud":
      return "";
    case "open":
      return data.modelAnswer ?? "";
  }
}

/**
 * The bars of a question: one per option (in the quiz's order, a multiple-select counting each
 * option a player picked), true and false, or each different answer given (typed answers grouped
 * the way grading compares them, shown as first typed), most given first.
 */
function distributionOf(data: QuestionData, given: readonly ReportAnswerInput[], words: typeof DEFAULT_WORDS): DistributionEntry[] {
  if (data.type === "single" || data.type === "multiple") {
    const right = new Set(data.type === "single" ? [data.correct] : data.correct);
    const counts = new Map<string, number>();
    for (const a of given) for (const id of Array.isArray(a.answer) ? a.answer : [a.answer]) counts.set(String(id), (counts.get(String(id)) ?? 0) + 1);
    return data.options.map((o) => ({ answer: o.text, count: counts.get(o.id) ?? 0, correct: right.has(o.id) }));
  }
  if (data.type === "poll") {
    const counts = new Map<string, number>();
    for (const a of given) if (typeof a.answer === "string") counts.set(a.answer, (counts.get(a.answer) ?? 0) + 1);
    return data.options.map((o) => ({ answer: o.text, count: counts.get(o.id) ?? 0, correct: false }));
  }
  if (data.type === "slide") return [];
  // A word cloud: the words grouped as the cloud groups them (profanity left out), most given first.
  if (data.type === "wordcloud") {
    return wordCloud(given.map((a) => a.answer), data.maxWords, REPORT_WORDS).map((w) => ({ answer: w.text, count: w.count, correct: false }));
  }
  if (data.type === "boolean") {
    return [true, false].map((v) => ({ answer: v ? words.true : words.false, count: given.filter((a) => a.answer === v).length, correct: data.correct === v }));
  }
  const groups = new Map<string, DistributionEntry & { first: number }>();
  given.forEach((a, i) => {
    const text = answerText(data, a.answer, words) ?? "";
    // Typed and open answers grouped as grading compares them (an open one's: not % right, docs/rules.md §12).
    const key = data.type === "text" || data.type === "open" ? normalizeText(text) : text;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { answer: text, count: 1, correct: a.correct, first: i });
  });
  return [...groups.values()].sort((a, b) => b.count - a.count || a.first - b.first).map(({ answer, count, correct }) => ({ answer, count, correct }));
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
// One collator for every name comparison: String#localeCompare builds one per call.
const byName = new Intl.Collator("en", { sensitivity: "base", numeric: true }).compare;

/** Ranks by score (higher first), then more right, then name; equal scores and rights share a rank. */
function rankPlayers(players: Omit<ReportPlayer, "rank">[]): ReportPlayer[] {
  const sorted = [...players].sort(
    (a, b) => b.score - a.score || b.correctCount - a.correctCount || byName(a.nickname, b.nickname),
  );
  let rank = 0;
  return sorted.map((p, i) => {
    const prev = sorted[i - 1];
    if (!prev || prev.score !== p.score || prev.correctCount !== p.correctCount) rank = i + 1;
    return { ...p, rank };
  });
}

export function buildReport(input: ReportInput): GameReport {
  const words = input.words ?? DEFAULT_WORDS;
  const nq = input.questions.length;
  const playerById = new Map(input.players.map((p) => [p.id, p]));
  // One answer per player and question (the first given), only for players in the report.
  const cells = new Map<string, (ReportAnswerInput | undefined)[]>();
  const byQuestion: ReportAnswerInput[][] = input.questions.map(() => []);
  for (const a of input.answers) {
    const player = playerById.get(a.playerId);
    if (!player || a.questionIndex < player.firstQuestion || a.questionIndex >= nq) continue;
    let row = cells.get(a.playerId);
    if (!row) cells.set(a.playerId, (row = new Array<ReportAnswerInput | undefined>(nq)));
    if (row[a.questionIndex]) continue;
    row[a.questionIndex] = a;
    if (a.answer !== null) byQuestion[a.questionIndex]!.push(a);
  }

  const graded = input.questions.map((q) => isGraded(q.data.type));
  const questions = input.questions.map((q, index): ReportQuestion => {
    const given = byQuestion[index]!;
    const eligible = input.players.filter((p) => p.firstQuestion <= index).length;
    const correctCount = given.filter((a) => a.correct).length;
    const correctRate = rate(correctCount, eligible);
    const distribution = distributionOf(q.data, given, words);
    let wrong: DistributionEntry | null = null;
    if (graded[index]) for (const d of distribution) if (!d.correct && d.count > 0 && (!wrong || d.count > wrong.count)) wrong = d;
    return {
      index,
      prompt: q.prompt,
      type: q.data.type,
      graded: graded[index]!,
      imageUrl: q.imageUrl ?? null,
      imageAlt: q.imageUrl ? (q.imageAlt ?? null) : null,
      key: keyText(q.data, words),
      eligible,
      answered: given.length,
      correctCount,
      correctRate,
      averageMs: given.length === 0 ? null : Math.round(given.reduce((sum, a) => sum + a.timeMs, 0) / given.length),
      distribution,
      mostChosenWrong: wrong && { answer: wrong.answer, count: wrong.count },
      hard: graded[index]! && eligible > 0 && correctRate < HARD_BELOW,
    };
  });

  const players = rankPlayers(
    input.players.map((p) => {
      let shares = 0;
      let correctCount = 0;
      let answeredCount = 0;
      const row = cells.get(p.id);
      const answers = input.questions.map((q, questionIndex): ReportAnswer => {
        if (questionIndex < p.firstQuestion) {
          return { questionIndex, status: "joined_late", answer: null, correct: false, partial: false, timeMs: null, points: 0 };
        }
        const a = row?.[questionIndex];
        if (!a || a.answer === null) {
          return { questionIndex, status: "unanswered", answer: null, correct: false, partial: false, timeMs: null, points: a?.points ?? 0 };
        }
        if (!graded[questionIndex]) {
          // A vote: shown, but neither right nor wrong, and not in the player's counts.
          return { questionIndex, status: "answered", answer: answerText(q.data, a.answer, words), correct: false, partial: false, timeMs: a.timeMs, points: 0 };
        }
        answeredCount++;
        if (a.correct) correctCount++;
        const share = a.correct ? 1 : Math.max(0, Math.min(1, a.share));
        shares += share;
        return {
          questionIndex,
          status: "answered",
          answer: answerText(q.data, a.answer, words),
          correct: a.correct,
          partial: !a.correct && share > 0,
          timeMs: a.timeMs,
          points: a.points,
        };
      });
      const eligibleCount = graded.filter((g, i) => g && i >= p.firstQuestion).length;
      return {
        id: p.id,
        nickname: p.nickname,
        ...(p.rosterName ? { rosterName: p.rosterName } : {}),
        ...(p.identifier ? { identifier: p.identifier } : {}),
        ...(input.teamCount && p.team != null ? { team: teamKey(p.team) } : {}),
        score: p.score,
        correctCount,
        answeredCount,
        unansweredCount: eligibleCount - answeredCount,
        eligibleCount,
        correctRate: rate(shares, eligibleCount),
        answers,
      };
    }),
  );

  const needsAttention = players.flatMap((p): AttentionEntry[] => {
    if (p.eligibleCount === 0) return [];
    const reasons: AttentionEntry["reasons"] = [];
    if (p.correctRate < ATTENTION_BELOW) reasons.push("low_score");
    if (p.unansweredCount >= ATTENTION_UNANSWERED) reasons.push("unanswered");
    if (reasons.length === 0) return [];
    const weakest = p.answers
      .filter((a) => a.status !== "joined_late" && !a.correct && graded[a.questionIndex])
      .sort((a, b) => questions[b.questionIndex]!.correctRate - questions[a.questionIndex]!.correctRate || a.questionIndex - b.questionIndex)
      .slice(0, WEAKEST_SHOWN)
      .map((a) => a.questionIndex);
    return [
      {
        playerId: p.id,
        nickname: p.nickname,
        ...(p.rosterName ? { rosterName: p.rosterName } : {}),
        correctRate: p.correctRate,
        unansweredCount: p.unansweredCount,
        reasons,
        weakest,
      },
    ];
  });
  needsAttention.sort((a, b) => a.correctRate - b.correctRate || b.unansweredCount - a.unansweredCount || byName(a.nickname, b.nickname));

  return {
    questions,
    players,
    needsAttention,
    ...(input.scoring ? { scoring: input.scoring } : {}),
    ...(input.teamCount ? { teams: reportTeams(input.players, input.teamCount, input.teamNames) } : {}),
  };
}
