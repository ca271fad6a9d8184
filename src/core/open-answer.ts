/**
 * Open answers (docs/rules.md §5): free text of at most `maxLength` characters (≤ 500), never
 * auto-graded. Solo play scores them 0 and shows them "not marked"; a challenge's owner may mark
 * each right or wrong later; live games show them on the big screen only when the host chooses.
 * Pure: no framework or database imports.
 */
export const OPEN_LIMITS = {
  maxLengthMin: 1,
  maxLengthMax: 500,
  maxLengthDefault: 200,
  modelAnswerMax: 1000,
} as const;

/** A typed answer as kept: trimmed; null when empty, not text, or longer than the question allows. */
export function cleanOpenAnswer(answer: unknown, maxLength: number): string | null {
  if (typeof answer !== "string") return null;
  const text = answer.trim();
  if (text === "" || [...text].length > maxLength) return null;
  return text;
}

/** An owner's mark on an open answer: unmarked (null), right or wrong. */
export type OpenMark = "right" | "wrong" | null;

/** The points a marked open answer earns: the question's points when right, else none (no speed bonus: it was not timed by a person). */
export function markedPoints(mark: OpenMark, points: number): number {
  return mark === "right" ? points : 0;
}

/** How the big screen's shown answers move: one more, all, or none (the host's buttons). */
export type RevealStep = "next" | "all" | "hide";

/** How many of `total` answers the big screen shows after the host's step. */
export function shownAfter(shown: number, total: number, step: RevealStep): number {
  if (step === "hide") return 0;
  if (step === "all") return total;
  return Math.min(total, shown + 1);
}

/**
 * Typed answers grouped for a report: same text ignoring case, accents and spacing is one group,
 * shown as first typed; most given first (ties: first typed first).
 */
export function groupOpenAnswers(answers: readonly unknown[]): { answer: string; count: number }[] {
  const groups = new Map<string, { answer: string; count: number; first: number }>();
  answers.forEach((a, i) => {
    if (typeof a !== "string" || a.trim() === "") return;
    const key = a.normalize("NFD").replace(/\p{M}/gu, "").trim().replace(/\s+/gu, " ").toLowerCase();
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { answer: a.trim(), count: 1, first: i });
  });
  return [...groups.values()].sort((a, b) => b.count - a.count || a.first - b.first).map(({ answer, count }) => ({ answer, count }));
}
