import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "./messages/en.json";
import es from "./messages/es.json";

/** Every key path of a catalogue, with its message. */
function flatten(obj: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v as object, key)) out.set(kk, vv);
  }
  return out;
}

/**
 * The argument names of an ICU message with their type (`number`, `plural`, or "" for plain); plural
 * and select branches are not arguments (the select keys are the ones the catalogue uses).
 */
function args(message: string): string[] {
  return [...message.matchAll(/(?<!(?:=\d+|zero|one|two|few|many|other|yes|array|string|number|boolean|url|wordcloud|openAnswer)\s*)\{\s*([a-zA-Z]+)\s*(?:,\s*([a-z]+))?/g)].map((m) => `${m[1]}:${m[2] ?? ""}`).sort();
}

describe("message catalogues", () => {
  const enFlat = flatten(en);
  const esFlat = flatten(es);

  it("have the same keys in en and es", () => {
    expect([...esFlat.keys()].sort()).toEqual([...enFlat.keys()].sort());
  });

  it("use the same arguments, formatted the same way, in en and es", () => {
    const differ = [...enFlat].filter(([k, m]) => esFlat.has(k) && args(m).join() !== args(esFlat.get(k)!).join()).map(([k]) => k);
    expect(differ).toEqual([]);
  });

  it("format every numeric argument through ICU (number or plural)", () => {
    const NUMERIC = /^(score|points|total|rank|players|correct|answered|expected|right|wrong|none|theirs|mine|ok|problems|seconds|value|average|n|position|row|line|page|pages|min|max|count|percent)$/;
    const plain = [...enFlat, ...esFlat]
      .flatMap(([k, m]) => args(m).map((a) => [k, a] as const))
      .filter(([, a]) => NUMERIC.test(a.split(":")[0]!) && a.endsWith(":"));
    expect(plain).toEqual([]);
  });

  // A count or score passed as a plain argument prints as "20960" in every language, and a number
  // formatted by hand differs between the server's and the browser's formatter: numbers go
  // through the message's own `number` format, which follows the viewer's locale.
  it.each([
    ["en", en, "20,960 pts", "Question 3 of 12"],
    ["es", es, "20.960 pts", "Pregunta 3 de 12"],
  ])("format numbers by the %s locale", (locale, messages, score, progress) => {
    const t = createTranslator({ locale, messages, namespace: "play" });
    expect(t("score", { score: 20960 })).toBe(score);
    expect(t("progress", { n: 3, total: 12 })).toBe(progress);
  });
});
