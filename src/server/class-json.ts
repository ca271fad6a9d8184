import "server-only";
import { formatRecoveryCode, type Gradebook } from "@/core/classes/rules";
import { extraTimeOf } from "@/core/extra-time";
import type { AssignmentRecord, StudentRecord } from "@/db/queries/classes";

/** The JSON of /api/v1/classes' tables (docs/api.md), as the OpenAPI document describes them. */

export const rosterJson = (roster: StudentRecord[]) => ({
  students: roster.map((s) => ({
    id: s.id,
    name: s.name,
    member: s.userId !== null,
    recoveryCode: s.recoveryCode ? formatRecoveryCode(s.recoveryCode) : null,
    joinedAt: s.joinedAt.toISOString(),
    extraTime: extraTimeOf(s.extraTime),
  })),
});

export const assignmentsJson = (assignments: AssignmentRecord[]) => ({
  assignments: assignments.map((a) => ({
    id: a.id,
    challengeCode: a.code,
    quizTitle: a.quizTitle,
    quizSlug: a.quizSlug,
    opensAt: a.opensAt.toISOString(),
    closesAt: a.closesAt.toISOString(),
    attemptsAllowed: a.attemptsAllowed,
    assignedAt: a.createdAt.toISOString(),
  })),
});

export const gradebookJson = (g: Gradebook) => ({
  assignments: g.assignments.map((a) => ({
    id: a.id,
    title: a.title,
    kind: a.kind ?? "assignment",
    ...(a.kind === "game" && a.at ? { playedAt: a.at.toISOString() } : {}),
  })),
  students: g.students.map((s, i) => ({
    id: s.id,
    name: s.name,
    averageBest: g.averages[i] ?? null,
    results: g.assignments.map((a, j) => {
      const cell = g.cells[i]![j];
      return { assignmentId: a.id, attempted: cell !== null, best: cell?.best ?? null, latest: cell?.latest ?? null, attempts: cell?.attempts ?? 0 };
    }),
  })),
});
