/** How long until a card is due, in the unit Anki shows on its buttons ("10 min", "3 d", "2 mo"). */
export type IntervalUnit = "minute" | "hour" | "day" | "month" | "year";
export type IntervalLabel = { count: number; unit: IntervalUnit };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Rounds to whole minutes, hours and days; months and years keep one decimal under ten. */
export function intervalLabel(from: Date, to: Date): IntervalLabel {
  const ms = Math.max(0, to.getTime() - from.getTime());
  const oneDecimal = (n: number) => (n < 10 ? Math.round(n * 10) / 10 : Math.round(n));
  if (ms < HOUR) return { count: Math.max(1, Math.round(ms / MINUTE)), unit: "minute" };
  if (ms < DAY) return { count: Math.round(ms / HOUR), unit: "hour" };
  const days = ms / DAY;
  if (days < 30) return { count: Math.round(days), unit: "day" };
  if (days < 365) return { count: oneDecimal(days / 30), unit: "month" };
  return { count: oneDecimal(days / 365), unit: "year" };
}
