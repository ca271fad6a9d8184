/**
 * Estimation in live games (docs/rules.md, "Estimation"): at the reveal of a number question with
 * `"scoring": "closest"`, the guesses closest to the answer among the players earn full points,
 * every one of them when several are equally close; the others keep the share that falls with the
 * distance (estimationShare in grading.ts, as in solo). Pure.
 */

/** Two distances this close are a tie (floating-point noise, not a real difference). */
const TIE = 1e-9;

/** The players whose guesses are the closest to `answer` (all of them on a tie); empty without a guess. */
export function closestGuessers(answer: number, guesses: readonly { playerId: string; guess: number }[]): Set<string> {
  const distances = guesses.filter((g) => Number.isFinite(g.guess)).map((g) => ({ id: g.playerId, d: Math.abs(g.guess - answer) }));
  if (distances.length === 0) return new Set();
  const best = Math.min(...distances.map((x) => x.d));
  return new Set(distances.filter((x) => x.d - best <= TIE * Math.max(1, best)).map((x) => x.id));
}

/** An estimation's grade at a live reveal: a closest guess is right (full points), the others keep their grade. */
export function liveEstimationGrade(grade: { correct: boolean; share: number }, closest: boolean): { correct: boolean; share: number } {
  return closest ? { correct: true, share: 1 } : grade;
}
