import { describe, expect, it } from "vitest";
import { answerAckStep } from "./answer-ack";

describe("answerAckStep", () => {
  it.each([
    // The connection closed before the acknowledgement (a lost or handed-over game): resent after the resume.
    [{ failed: true, connected: false } as const, { sending: true, settle: false, error: { kind: "keep" } }],
    // No acknowledgement in time on a live connection: "not sent", kept for a retry.
    [{ failed: true, connected: true } as const, { sending: false, settle: false, error: { kind: "sendFailed" } }],
    [{ failed: false, ok: true } as const, { sending: false, settle: true, error: { kind: "clear" } }],
    [{ failed: false, ok: false, code: "already_answered" } as const, { sending: false, settle: true, error: { kind: "keep" } }],
    [{ failed: false, ok: false, code: "answer_too_late" } as const, { sending: false, settle: true, error: { kind: "code", code: "answer_too_late" } }],
    [{ failed: false, ok: false, code: "forbidden" } as const, { sending: false, settle: true, error: { kind: "code", code: "forbidden" } }],
    // Worth sending again later: kept.
    [{ failed: false, ok: false, code: "rate_limited" } as const, { sending: false, settle: false, error: { kind: "code", code: "rate_limited" } }],
    [{ failed: false, ok: false, code: "internal_error" } as const, { sending: false, settle: false, error: { kind: "code", code: "internal_error" } }],
  ])("%o → %o", (outcome, step) => {
    expect(answerAckStep(outcome)).toEqual(step);
  });
});
