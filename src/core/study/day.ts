/**
 * Study days. As in Anki, a day starts at 4 in the morning in the learner's time zone, so a
 * late-night session counts for the day it belongs to.
 */
export const DAY_STARTS_AT_HOUR = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The time zone's offset from UTC at that instant, in minutes (Madrid in winter: 60). */
export function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The study day an instant belongs to, as days since 1970-01-01 (a number to group by). */
export function studyDayNumber(at: Date, timeZone: string): number {
  const local = at.getTime() + offsetMinutes(timeZone, at) * 60_000 - DAY_STARTS_AT_HOUR * 3_600_000;
  return Math.floor(local / DAY_MS);
}

/** When the study day containing `now` began. */
export function studyDayStart(now: Date, timeZone: string): Date {
  const day = studyDayNumber(now, timeZone);
  const guess = day * DAY_MS + DAY_STARTS_AT_HOUR * 3_600_000;
  return new Date(guess - offsetMinutes(timeZone, new Date(guess)) * 60_000);
}

/**
 * When the next study day begins (when the new-card limit starts over). A day is 23 to 25 hours
 * long, so 36 hours after this one began is always inside the next one.
 */
export function nextStudyDayStart(now: Date, timeZone: string): Date {
  return studyDayStart(new Date(studyDayStart(now, timeZone).getTime() + 36 * 3_600_000), timeZone);
}

/** "2026-01-31" for a study day number. */
export const dayKey = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
