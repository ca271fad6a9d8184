/**
 * A quiz report's reasons and limits, and the check the report form runs before sending. Free of
 * zod so the quiz page's bundle stays small; ./social holds the schema the server action parses
 * with, built from the same constants, and the table test keeps the two in agreement.
 */
export const REPORT_REASONS = ["inappropriate", "wrong_answers", "spam", "copyright", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 1000;

export type ReportProblems = { reason?: "missing"; details?: "too_long" | "control_chars" | "needed" };

const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** What is wrong with a report as the form holds it; empty when the server would accept it. */
export function reportProblems(reason: string | null | undefined, details: string | null | undefined): ReportProblems {
  const problems: ReportProblems = {};
  if (!(REPORT_REASONS as readonly string[]).includes(reason ?? "")) problems.reason = "missing";
  const text = (details ?? "").trim();
  if (text.length > REPORT_DETAILS_MAX) problems.details = "too_long";
  else if (CONTROL_CHARS.test(text)) problems.details = "control_chars";
  else if (reason === "other" && !text) problems.details = "needed";
  return problems;
}
