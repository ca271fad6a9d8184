import "server-only";
import { classGameGrades } from "@/core/classes/live";
import type { GradeAttempt, GradebookAssignment, StudentHistoryRow } from "@/core/classes/rules";
import type { Db } from "@/db/client";
import { listClassGames } from "@/db/queries/games";
import { DrizzleGameStore } from "./live/game-store-drizzle";
import { loadGameState } from "./live/load-state";

/**
 * The live games hosted for a class, as its gradebook reads them (docs/rules.md §13): a column per
 * game that is over, and each roster name's result in it. Each game's state is read from the
 * database (its snapshot and its stored answers), as its report is.
 */
export type ClassGames = { columns: GradebookAssignment[]; attempts: GradeAttempt[]; history: Map<string, StudentHistoryRow[]> };

export async function classGames(db: Db, classId: string, studentId?: string): Promise<ClassGames> {
  const store = new DrizzleGameStore(async () => db);
  const out: ClassGames = { columns: [], attempts: [], history: new Map() };
  for (const row of await listClassGames(db, classId)) {
    const loaded = await loadGameState(store, row);
    const grades = loaded.ok ? classGameGrades(loaded.value.state) : null;
    if (!grades) continue;
    out.columns.push(grades.column);
    for (const { studentId: sid, row: r } of grades.rows) {
      if (studentId && sid !== studentId) continue;
      out.attempts.push({ studentId: sid, assignmentId: r.assignmentId, correctCount: r.correctCount, questionCount: r.questionCount, finishedAt: r.finishedAt ?? r.startedAt });
      out.history.set(sid, [...(out.history.get(sid) ?? []), r]);
    }
  }
  return out;
}

/** A student's class attempts and class games together, newest first. */
export function withGames(history: StudentHistoryRow[], games: StudentHistoryRow[] | undefined): StudentHistoryRow[] {
  if (!games?.length) return history;
  return [...history, ...games].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
}
