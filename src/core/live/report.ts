import { csvDocument } from "../csv";
import { pickRich } from "../rich-text";
import { SUSPICIOUS_ANSWER_MS } from "./limits";
import { type Report } from "./schemas";
import { teamsOf } from "./team-views";
import { activeAnswers, answersByPlayer, standings, type AnswerRecord, type GameState } from "./state";

/** The end-of-game report: per question, per player, and the answers too fast to be read. */

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
      ...(s.settings.teams && p.team != null && { team: p.team }),
    };
  });
  suspicious.sort((a, b) => a.questionIndex - b.questionIndex || a.timeMs - b.timeMs);
  // The prompts' formatting and formulas, rendered on the server like the questions' own.
  const rich = Object.assign({}, ...s.questions.slice(0, played).map((q) => pickRich(q.rich, [q.prompt]))) as Record<string, string>;
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
    ...(s.settings.teams && { teams: teamsOf(s) }),
    suspicious,
    ...(Object.keys(rich).length > 0 && { rich }),
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
