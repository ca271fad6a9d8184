import { describe, expect, it } from "vitest";
import * as errors from "./errors";

const { AppError } = errors;

describe("AppError", () => {
  it("is recognised when thrown by another copy of this module (Next's bundle vs the custom server)", async () => {
    // vite loads a module again under another query string: a second copy with its own class.
    const other = (await import("./errors?copy" as string)) as typeof errors;
    expect(other.AppError).not.toBe(AppError);
    const foreign = new other.AppError("rate_limited", "Too many attempts.");
    expect(foreign instanceof AppError).toBe(true);
    expect(new AppError("not_found") instanceof other.AppError).toBe(true);
  });

  it("is not any error", () => {
    expect(new Error("x") instanceof AppError).toBe(false);
    expect({ code: "rate_limited" } instanceof AppError).toBe(false);
    expect((null as unknown) instanceof AppError).toBe(false);
  });
});
