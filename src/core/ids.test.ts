import { describe, expect, it } from "vitest";
import { isUuid } from "./ids";

describe("isUuid", () => {
  it.each([
    ["3f2b8c1e-6d4a-4f1b-9c7e-2a5d8e0f1b3c", true],
    ["3F2B8C1E-6D4A-4F1B-9C7E-2A5D8E0F1B3C", true],
    ["-".repeat(36), false],
    ["a".repeat(36), false],
    ["3f2b8c1e6d4a4f1b9c7e2a5d8e0f1b3c", false],
    ["3f2b8c1e-6d4a-4f1b-9c7e-2a5d8e0f1b3", false],
    ["{3f2b8c1e-6d4a-4f1b-9c7e-2a5d8e0f1b3c}", false],
    ["3f2b8c1e-6d4a-4f1b-9c7e-2a5d8e0f1b3c\u0000", false],
    ["", false],
    [null, false],
  ])("%j → %s", (value, ok) => {
    expect(isUuid(value)).toBe(ok);
  });
});
