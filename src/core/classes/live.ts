/**
 * Live games for a class (docs/rules.md §13): who may take which roster name in a game hosted for
 * a class. Pure; the server finds the roster entry and the device's own entry, the engine
 * (src/core/live/roster.ts) decides "one device per name".
 */
import type { GameState } from "../live/state";
import { isGraded } from "../question";
import type { GradebookAssignment, StudentHistoryRow } from "./rules";

/** A roster entry as the rule needs it: a member's entry carries their account. */
export type ClaimEntry = { id: string; classId: string; userId: string | null };

/**
 * The device asking: the signed-in member (if any) and the roster entry this device already is in
 * the class (its `qd_class` token's, or the member's own), or null.
 */
export type ClaimDevice = { userId: string | null; studentId: string | null };

/**
 * not_on_roster: no such entry in this game's class. not_yours: the device is another student of
 * the class. member_only: the name is a member's, and this device is not signed in as them.
 */
export type ClaimRefusal = "not_on_roster" | "not_yours" | "member_only";

export type ClaimCheck = { ok: true } | { ok: false; refusal: ClaimRefusal };

/**
 * May this device take this roster name in a game for `classId`? A device that is a student of
 * the class takes only its own name; a member's name only that member, signed in; any other name
 * (a student without an account on a borrowed or cleared browser) any device that is nobody in
 * the class. Whether the name is free in the game is the engine's (one device per name).
 */
export function mayClaim(classId: string, entry: ClaimEntry | null, device: ClaimDevice): ClaimCheck {
  if (!entry || entry.classId !== classId) return { ok: false, refusal: "not_on_roster" };
  if (device.studentId !== null && device.studentId !== entry.id) return { ok: false, refusal: "not_yours" };
  if (entry.userId !== null && entry.userId !== device.userId) return { ok: false, refusal: "member_only" };
  return { ok: true };
}

/** The name the picker shows chosen: the device's own entry, when it is on this class's roster. */
export function preselectedStudent(roster: readonly { id: string }[], device: ClaimDevice): string | null {
  return device.studentId !== null && roster.some((s) => s.id === device.studentId) ? device.studentId : null;
}

/** The device's entry in the class: the member's own first, else the one its browser's token names. */
export function deviceStudent(
  classId: string,
  entries: readonly { id: string; classId: string; userId: string | null }[],
  userId: string | null,
): string | null {
  const inClass = entries.filter((e) => e.classId === classId);
  return (inClass.find((e) => userId !== null && e.userId === userId) ?? inClass[0])?.id ?? null;
}

/**
 * A live game hosted for the class, as the gradebook and the students' histories read it: a
 * column (the quiz's title, when it ended) and, per roster name taken (players the host removed
 * left out), the questions right of the graded questions played. Null for a game that never
 * started or played no graded question: nothing to grade.
 */
export function classGameGrades(s: GameState): { column: GradebookAssignment; rows: { studentId: string; row: StudentHistoryRow }[] } | null {
  if (!s.classGame || s.startedAt === null) return null;
  const played = s.questions.slice(0, Math.max(0, s.lastRevealedIndex + 1));
  const graded = played.map((q) => isGraded(q.data.type));
  const questionCount = graded.filter(Boolean).length;
  if (questionCount === 0) return null;
  const at = new Date(s.endedAt ?? s.lastActivityAt);
  const right = new Map<string, number>();
  played.forEach((_, i) => {
    if (!graded[i]) return;
    for (const a of s.answers[i] ?? []) if (a.correct) right.set(a.playerId, (right.get(a.playerId) ?? 0) + 1);
  });
  const rows = s.players
    .filter((p): p is typeof p & { rosterId: string } => Boolean(p.rosterId) && !p.kicked)
    .map((p) => ({
      studentId: p.rosterId,
      row: {
        attemptId: s.id,
        kind: "game" as const,
        assignmentId: s.id,
        quizTitle: s.quizTitle,
        status: "finished" as const,
        correctCount: right.get(p.id) ?? 0,
        questionCount,
        score: p.score,
        startedAt: new Date(s.startedAt!),
        finishedAt: at,
      },
    }));
  return { column: { id: s.id, title: s.quizTitle, kind: "game", at }, rows };
}
