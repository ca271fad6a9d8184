/**
 * Classes (docs/rules.md §13): codes, roster names, who may see what, and the gradebook. Pure and
 * free of zod, so client components may use it; ./schema.ts builds the input schemas.
 */
import { codeFromBytes, normalizeCode } from "../codes";

/** A class code: 6 characters of Crockford's base32 (no I, L, O, U), about 10^9 codes. */
export const CLASS_CODE_LENGTH = 6;
/** A recovery code: 10 characters of the same alphabet, shown as two groups of five. */
export const RECOVERY_CODE_LENGTH = 10;
export const CLASS_NAME_MAX = 80;
export const CLASS_SUBJECT_MAX = 80;
/** Students a class may hold: a big lecture hall, not a public channel. */
export const ROSTER_MAX = 300;
/** Classes' student tokens one browser keeps (a student in several classes). */
export const BROWSER_CLASSES_MAX = 20;

export const classCode = (bytes: Uint8Array): string => codeFromBytes(bytes, CLASS_CODE_LENGTH);
export const recoveryCode = (bytes: Uint8Array): string => codeFromBytes(bytes, RECOVERY_CODE_LENGTH);


export const normalizeClassCode = (input: string | null | undefined) => normalizeCode(input, CLASS_CODE_LENGTH);
export const normalizeRecoveryCode = (input: string | null | undefined) => normalizeCode(input, RECOVERY_CODE_LENGTH);

/** A recovery code as shown: ABCDE-FGHJK. */
export const formatRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** What makes two roster names the same name in one class: case, accents' forms and spacing aside. */
export const rosterNameKey = (name: string): string => name.normalize("NFKC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");

/** The student tokens a browser's cookie holds: at most BROWSER_CLASSES_MAX, newest last, no repeats. */
export function addBrowserToken(tokens: readonly string[], token: string): string[] {
  const rest = tokens.filter((t) => t !== token);
  return [...rest, token].slice(-BROWSER_CLASSES_MAX);
}

export type ClassRole = "teacher" | "student" | "none";

/** Who the viewer is to a class: its teacher (owner, or an admin), one of its students, or nobody. */
export function classRole(c: { ownerId: string }, viewer: { userId: string | null; admin: boolean }, isStudent: boolean): ClassRole {
  if (viewer.userId && (viewer.userId === c.ownerId || viewer.admin)) return "teacher";
  return isStudent ? "student" : "none";
}

export type GradeAttempt = {
  studentId: string;
  assignmentId: string;
  correctCount: number;
  /** N of its "correct of N" (`correctOfTotal`): the questions with a right answer, and marked open answers. */
  questionCount: number;
  finishedAt: Date;
};

export type GradeCell = { best: number; latest: number; attempts: number } | null;
export type GradebookStudent = { id: string; name: string };
/**
 * A gradebook column: an assignment, or a live game hosted for the class (`kind: "game"`, its id
 * the game's, `at` when it ended; docs/rules.md §13).
 */
export type GradebookAssignment = { id: string; title: string; kind?: "assignment" | "game"; at?: Date | null };
export type Gradebook = {
  students: GradebookStudent[];
  assignments: GradebookAssignment[];
  /** cells[s][a]: student s's results on assignment a (null: not attempted); percents 0–100, whole. */
  cells: GradeCell[][];
  /** Each student's average of their best percents over the assignments they attempted (null: none). */
  averages: (number | null)[];
};

/** A finished attempt's score: right answers of its "correct of N", as a whole percent. */
export const attemptPercent = (a: { correctCount: number; questionCount: number }): number =>
  a.questionCount > 0 ? Math.round((100 * a.correctCount) / a.questionCount) : 0;

/**
 * Students × assignments from finished attempts: the best percent, the latest attempt's (by when
 * it finished) and how many were finished; an assignment nobody finished reads "not attempted".
 */
export function buildGradebook(students: GradebookStudent[], assignments: GradebookAssignment[], attempts: GradeAttempt[]): Gradebook {
  const sIndex = new Map(students.map((s, i) => [s.id, i]));
  const aIndex = new Map(assignments.map((a, i) => [a.id, i]));
  const latestAt: number[][] = students.map(() => assignments.map(() => -Infinity));
  const cells: GradeCell[][] = students.map(() => assignments.map(() => null));
  for (const at of attempts) {
    const s = sIndex.get(at.studentId);
    const a = aIndex.get(at.assignmentId);
    if (s === undefined || a === undefined) continue;
    const pct = attemptPercent(at);
    const cell = cells[s]![a];
    const time = at.finishedAt.getTime();
    if (!cell) {
      cells[s]![a] = { best: pct, latest: pct, attempts: 1 };
    } else {
      cell.best = Math.max(cell.best, pct);
      cell.attempts += 1;
      if (time >= latestAt[s]![a]!) cell.latest = pct;
    }
    if (time >= latestAt[s]![a]!) latestAt[s]![a] = time;
  }
  const averages = cells.map((row) => {
    const done = row.filter((c): c is NonNullable<GradeCell> => c !== null);
    return done.length ? Math.round(done.reduce((sum, c) => sum + c.best, 0) / done.length) : null;
  });
  return { students, assignments, cells, averages };
}

/** One attempt a student made as the class's member (their history). */
export type StudentHistoryRow = {
  /** A class game's row: its game id (`kind: "game"`). */
  attemptId: string;
  kind?: "assignment" | "game";
  assignmentId: string;
  quizTitle: string;
  status: "in_progress" | "finished" | "abandoned";
  correctCount: number;
  questionCount: number;
  score: number;
  startedAt: Date;
  finishedAt: Date | null;
};

export type ClassStanding = { rank: number; name: string; average: number; isViewer: boolean };

/**
 * The class leaderboard students see when the teacher shows it: students who attempted
 * something, by their average best percent (ties share a rank), names only.
 */
export function classStandings(g: Gradebook, viewerStudentId: string | null): ClassStanding[] {
  const rows = g.students
    .map((s, i) => ({ id: s.id, name: s.name, average: g.averages[i] }))
    .filter((r): r is { id: string; name: string; average: number } => r.average !== null && r.average !== undefined)
    .sort((a, b) => b.average - a.average || a.name.localeCompare(b.name));
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1]!.average !== r.average) rank = i + 1;
    return { rank, name: r.name, average: r.average, isViewer: r.id === viewerStudentId };
  });
}

/**
 * The files' column names in the viewer's language (src/i18n, `classes.file`): `{title}` stands
 * for a column's title, which a class game's gets its date appended to (`{title} ({date})`).
 */
export type GradebookLabels = { student: string; average: string; best: string; latest: string; attempts: string; game: string };

export const GRADEBOOK_LABELS_EN: GradebookLabels = {
  student: "Student",
  average: "Average best %",
  best: "{title}: best %",
  latest: "{title}: latest %",
  attempts: "{title}: attempts",
  game: "{title} (live, {date})",
};

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/** A column's title in the files: a class game's with the day it ended (YYYY-MM-DD, UTC), so two games of one quiz differ. */
export function gradebookColumnTitle(a: GradebookAssignment, labels: GradebookLabels = GRADEBOOK_LABELS_EN): string {
  if (a.kind !== "game") return a.title;
  return fill(labels.game, { title: a.title, date: a.at ? a.at.toISOString().slice(0, 10) : "" });
}

/** The gradebook as one table: a row per student, best and latest percent per column ("" not attempted). */
export function gradebookTable(g: Gradebook, labels: GradebookLabels = GRADEBOOK_LABELS_EN): { header: string[]; rows: (string | number | null)[][] } {
  const header = [labels.student, labels.average];
  for (const a of g.assignments) {
    const title = gradebookColumnTitle(a, labels);
    header.push(fill(labels.best, { title }), fill(labels.latest, { title }), fill(labels.attempts, { title }));
  }
  const rows = g.students.map((s, i) => {
    const row: (string | number | null)[] = [s.name, g.averages[i] ?? null];
    for (const cell of g.cells[i]!) row.push(cell?.best ?? null, cell?.latest ?? null, cell?.attempts ?? 0);
    return row;
  });
  return { header, rows };
}
