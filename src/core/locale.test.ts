import { describe, expect, it } from "vitest";
import { negotiateLocale } from "./locale";

describe("negotiateLocale", () => {
  it.each([
    [null, "en"],
    ["", "en"],
    ["es-MX,es;q=0.9,en;q=0.8", "es"],
    ["en-GB,en;q=0.9,es;q=0.8", "en"],
    ["fr-FR,fr;q=0.9,es;q=0.5", "es"],
    ["de,fr", "en"],
    ["en;q=0.2,es;q=0.8", "es"],
    ["es;q=0", "en"],
    ["*", "en"],
  ])("%s → %s", (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });
});
