import { describe, expect, it } from "vitest";
import { defaultNice, misroutedMessage, requestKind, serves, type RequestKind, type Role } from "./roles";

const LIVE = "/api/live/socket.io";

describe("requestKind", () => {
  it.each([
    ["/api/live/socket.io", "live"],
    ["/api/live/socket.io/", "live"],
    ["/api/live/socket.io/?EIO=4&transport=websocket".split("?")[0]!, "live"],
    ["/api/live/socket.io.evil", "page"],
    ["/api/live/stats", "page"],
    ["/api/health", "probe"],
    ["/api/health/", "probe"],
    ["/api/ready", "probe"],
    ["/metrics", "probe"],
    ["/metrics/x", "page"],
    ["/api/healthz", "page"],
    ["/", "page"],
    ["/explore", "page"],
    ["/api/v1/quizzes", "page"],
    ["/_next/static/chunks/app.js", "page"],
  ] as const)("%s is a %s request", (path, kind) => {
    expect(requestKind(path, LIVE)).toBe(kind);
  });
});

describe("serves", () => {
  // role × kind → answered by this process
  it.each([
    ["all", "page", true],
    ["all", "live", true],
    ["all", "probe", true],
    ["web", "page", true],
    ["web", "live", false],
    ["web", "probe", true],
    ["live", "page", false],
    ["live", "live", true],
    ["live", "probe", true],
  ] as [Role, RequestKind, boolean][])("a %s instance serves a %s request: %s", (role, kind, expected) => {
    expect(serves(role, kind)).toBe(expected);
  });
});

describe("misroutedMessage", () => {
  it("names the role and where the request belongs", () => {
    expect(misroutedMessage("web", "live")).toMatch(/QUIZDECK_ROLE=web.*live-game path.*QUIZDECK_ROLE=live or all/);
    expect(misroutedMessage("live", "page")).toMatch(/QUIZDECK_ROLE=live.*pages and the API.*QUIZDECK_ROLE=web or all/);
  });
});

describe("defaultNice", () => {
  it.each([
    ["all", 0],
    ["web", 10],
    ["live", 0],
  ] as [Role, number][])("a %s process runs at nice %i", (role, nice) => {
    expect(defaultNice(role)).toBe(nice);
  });
});
