import { IDENTIFIER_LABEL_MAX, IDENTIFIER_MAX } from "./limits";

/**
 * The host's extra field asked at join (Kahoot's "player identifier", docs/rules.md §4): the host
 * names it in the lobby (at most 40 characters, blank for none); every player joining then types
 * it (trimmed, not empty, at most 60 characters). It goes to the report only: never to the big
 * screen or to other phones.
 */

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export type IdentifierProblem = "empty" | "too_long" | "control_chars";

/** The host's label: trimmed, null when blank. */
export function checkIdentifierLabel(raw: string | null): { ok: true; label: string | null } | { ok: false; problem: Exclude<IdentifierProblem, "empty"> } {
  const label = (raw ?? "").trim();
  if (label.length > IDENTIFIER_LABEL_MAX) return { ok: false, problem: "too_long" };
  if (CONTROL.test(label)) return { ok: false, problem: "control_chars" };
  return { ok: true, label: label || null };
}

/** What a player typed for the host's field. */
export function checkIdentifier(raw: unknown): { ok: true; identifier: string } | { ok: false; problem: IdentifierProblem } {
  const value = typeof raw === "string" ? raw.trim() : "";
  if (!value) return { ok: false, problem: "empty" };
  if (value.length > IDENTIFIER_MAX) return { ok: false, problem: "too_long" };
  if (CONTROL.test(value)) return { ok: false, problem: "control_chars" };
  return { ok: true, identifier: value };
}
