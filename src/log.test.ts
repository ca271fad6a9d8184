import { describe, expect, it } from "vitest";
import { createLogger, requestId, withLogContext } from "./log";

describe("requestId", () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  it.each([
    ["a trusted proxy's id is kept", "nginx-4f2a9c", true, "nginx-4f2a9c"],
    ["the first of repeated headers", ["first", "second"], true, "first"],
  ] as const)("%s", (_, header, trusted, expected) => {
    expect(requestId(header as string | string[], trusted)).toBe(expected);
  });
  it.each([
    ["a client's own id (no trusted proxy)", "client-chosen", false],
    ["none sent", undefined, true],
    ["spaces or control characters", "id with\nnewline", true],
    ["longer than 128 characters", "x".repeat(129), true],
  ] as const)("replaces %s with a new UUID", (_, header, trusted) => {
    expect(requestId(header, trusted)).toMatch(uuid);
  });
});

describe("createLogger", () => {
  it("writes JSON lines with the level's name and the request's id inside its context", () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ write: (s: string) => void lines.push(JSON.parse(s)) }, { level: "info" });
    withLogContext({ reqId: "r-1" }, () => logger.child({ gameId: "g-1" }).info({ n: 1 }, "inside"));
    logger.info("outside");
    logger.debug("below the level");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: "info", reqId: "r-1", gameId: "g-1", n: 1, msg: "inside" });
    expect(lines[1]).toMatchObject({ level: "info", msg: "outside" });
    expect(lines[1]).not.toHaveProperty("reqId");
  });
});
