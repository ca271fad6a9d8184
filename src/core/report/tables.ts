/**
 * The report as tables, for the CSV and the .xlsx (docs/rules.md §12): a Players table (one row
 * per player, an answer and a points column per question) and a Questions table. Headers are
 * English, as every file the API writes; cells are plain values (the CSV writer makes text that
 * starts like a formula harmless, and the .xlsx stores every text cell as text, never a formula).
 */
import { csvDocument } from "../csv";
import { takesAnswer } from "../question";
import type { CellStatus, GameReport } from "./build";

export type Cell = string | number | null;
export type Table = { header: string[]; rows: Cell[][] };

const STATUS_TEXT: Record<Exclude<CellStatus, "answered">, string> = { unanswered: "(no answer)", joined_late: "(joined late)" };

/** A 0–1 share as a percentage with one decimal: 0.6667 → 66.7. */
export const percent = (share: number) => Math.round(share * 1000) / 10;
const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

export function playersTable(r: GameReport): Table {
  // The host's join field gets a column only in a game that asked one (after roster_name).
  const asked = Boolean(r.scoring?.identifierLabel);
  // A team game's players get a team column (the team's key), after the names.
  const teams = Boolean(r.teams);
  const header = ["rank", "nickname", "roster_name", ...(asked ? ["identifier"] : []), ...(teams ? ["team"] : []), "score", "percent_right", "correct", "answered", "unanswered"];
  // A slide asked nothing: no columns, as it has none in the page's grid (docs/rules.md §5).
  const asks = (index: number) => takesAnswer(r.questions[index]!.type);
  for (const q of r.questions) if (asks(q.index)) header.push(`q${q.index + 1}_answer`, `q${q.index + 1}_points`);
  const rows = r.players.map((p) => {
    const row: Cell[] = [p.rank, p.nickname, p.rosterName ?? null, ...(asked ? [p.identifier ?? null] : []), ...(teams ? [p.team ?? null] : []), p.score, percent(p.correctRate), p.correctCount, p.answeredCount, p.unansweredCount];
    for (const a of p.answers) {
      if (!asks(a.questionIndex)) continue;
      if (a.status === "answered") row.push(a.answer, a.points);
      else row.push(STATUS_TEXT[a.status], a.status === "joined_late" ? null : a.points);
    }
    return row;
  });
  return { header, rows };
}

export function questionsTable(r: GameReport): Table {
  const header = ["question", "prompt", "type", "percent_right", "answered", "eligible", "average_seconds", "most_chosen_wrong", "hard", "key"];
  const rows = r.questions.map((q): Cell[] => [
    q.index + 1,
    q.prompt,
    q.type,
    q.graded ? percent(q.correctRate) : null,
    q.answered,
    q.eligible,
    seconds(q.averageMs),
    q.mostChosenWrong?.answer ?? null,
    q.graded ? (q.hard ? "yes" : "no") : null,
    q.key,
  ]);
  return { header, rows };
}

/** A team game's Teams table (the .xlsx's third sheet): best first, then teams with nobody in them. */
export function teamsTable(teams: NonNullable<GameReport["teams"]>): Table {
  return { header: ["rank", "team", "players", "mean_score"], rows: teams.map((t) => [t.rank, t.team, t.players, t.score]) };
}

/** The CSV: the Players table (RFC 4180, formula-safe). */
export const reportCsv = (r: GameReport): string => {
  const t = playersTable(r);
  return csvDocument(t.header, t.rows);
};

/** A file name for the report's downloads: `quizdeck-game-123456-2026-11-25.csv`. */
export const reportFileName = (kind: "game" | "challenge", id: string, day: Date, ext: "csv" | "xlsx") =>
  `quizdeck-${kind}-${id.replace(/[^A-Za-z0-9-]/g, "")}-report-${day.toISOString().slice(0, 10)}.${ext}`;
