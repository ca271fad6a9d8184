import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

describe("safeNext", () => {
  it.each([
    ["/quiz/capitals", "/quiz/capitals"],
    ["/me?tab=tokens", "/me?tab=tokens"],
    ["/quiz/a#top", "/quiz/a#top"],
    ["/explore?q=a%20b", "/explore?q=a%20b"],
    // Dot segments resolve on the site and stay on it.
    ["/../me", "/me"],
    ["/%2F%2Fevil.example/", "/%2F%2Fevil.example/"],
    // Characters that are not separators are percent-encoded into a harmless same-site path.
    ["/ /evil.example/", "/%20/evil.example/"],
    ["/\u0000/evil.example/", "/%00/evil.example/"],
  ])("keeps the same-site path %j", (raw, expected) => {
    expect(safeNext(raw)).toBe(expected);
  });

  it.each([
    undefined,
    "",
    "me",
    "https://evil.example/",
    "//evil.example/",
    "///evil.example/",
    "/\\evil.example/",
    "\\/evil.example/",
    "/\t/evil.example/",
    "/\n/evil.example/",
    "/\r\n/evil.example/",
    "/\t\\evil.example/",
    "/\\\tevil.example/",
    "\t//evil.example/",
    " //evil.example/",
    "javascript:alert(1)",
  ])("falls back for %j", (raw) => {
    expect(safeNext(raw)).toBe("/me");
  });

  it("takes the first of repeated values and its own fallback", () => {
    expect(safeNext(["/a", "/b"])).toBe("/a");
    expect(safeNext("//evil.example", "/")).toBe("/");
  });

  it("never returns a value that a browser would resolve to another origin", () => {
    const tricky = ["/\t/evil.example/", "/\\/evil.example", "/\n\\evil.example", "/%09/evil.example/", "/.//evil.example/"];
    for (const raw of tricky) {
      const out = safeNext(raw);
      expect(new URL(out, "http://site.example").origin).toBe("http://site.example");
    }
  });
});
