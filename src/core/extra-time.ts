/**
 * Extra time, an accommodation (docs/rules.md §4 "Extra time" and §13): a player or a class's
 * student answers within ×1.5 or ×2 of each question's time limit. The live host sets it per
 * player, a teacher per roster student for challenges; the server's deadlines enforce it. Free
 * of zod: the phone and the big screen import it.
 */

/** The factors offered; 1 is none. */
export const EXTRA_TIME_FACTORS = [1, 1.5, 2] as const;
export type ExtraTime = (typeof EXTRA_TIME_FACTORS)[number];

export function isExtraTime(value: unknown): value is ExtraTime {
  return EXTRA_TIME_FACTORS.includes(value as ExtraTime);
}

/** A stored or sent factor as one of the offered ones: anything else (absent, null, 3) is none. */
export function extraTimeOf(value: unknown): ExtraTime {
  return isExtraTime(value) ? value : 1;
}

/** A time limit in milliseconds with the factor applied (whole milliseconds). */
export function extendedLimitMs(limitMs: number, factor: number | null | undefined): number {
  return Math.round(limitMs * extraTimeOf(factor));
}

/** What the phone of a player with extra time counts down from: the room's clock, stretched. */
export type OwnTiming = { remainingMs: number; paused: boolean };

/**
 * A live question's clock as one player's phone shows it. The room's timing says when answers
 * opened and when they close for everyone; a ×f player's answers close at opening + f × the limit.
 * While answers are open (or paused) the remaining time is stretched by what the factor adds.
 */
export function ownTiming<T extends { serverNow: number; answersOpenAt: number; closesAt: number; remainingMs: number; paused: boolean }>(
  timing: T,
  stage: "reading" | "answering" | null,
  factor: number | null | undefined,
): T {
  const f = extraTimeOf(factor);
  if (f === 1 || stage !== "answering") return timing;
  const limit = timing.closesAt - timing.answersOpenAt;
  const closesAt = timing.answersOpenAt + Math.round(limit * f);
  const added = closesAt - timing.closesAt;
  // Paused after everyone else's time was up, the room's clock says 0: the phone shows what was
  // left when the view was made (only the display of a stopped clock; the server decides).
  const remainingMs = timing.paused && timing.remainingMs > 0 ? timing.remainingMs + added : Math.max(closesAt - timing.serverNow, 0);
  return { ...timing, closesAt, remainingMs };
}
