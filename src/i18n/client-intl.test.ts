import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createTranslator as nextIntlTranslator } from "next-intl";
import { describe, expect, it, vi } from "vitest";
import * as clientIntl from "./client-intl";
import { parseIcu } from "./icu";
import en from "./messages/en.json";
import es from "./messages/es.json";

/**
 * Client components import from "next-intl", and next.config.ts hands them src/i18n/client-intl.ts
 * instead (no ICU parser in the browser). Both must print the same: every message of both
 * catalogues is formatted here by next-intl and by ours, with several values per argument.
 */
const ours = clientIntl.createTranslator;

function flatten(obj: object, prefix = ""): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v] as [string, string]] : flatten(v as object, `${prefix}${k}.`)));
}

type Tree = ReturnType<typeof parseIcu>;
/** Argument name → "number" when some use of it needs a number, else "string". */
function argumentsOf(tree: Tree, out = new Map<string, "number" | "string">()) {
  for (const node of tree) {
    if (typeof node === "string" || node.k === "pound") continue;
    if (node.k === "tag") argumentsOf(node.children, out);
    else if (node.k === "arg") out.set(node.name, out.get(node.name) ?? "string");
    else if (node.k === "number" || node.k === "plural") out.set(node.name, "number");
    else if (node.k === "date") out.set(node.name, "string");
    if (node.k === "plural" || node.k === "select") for (const branch of Object.values(node.options)) argumentsOf(branch, out);
  }
  return out;
}

const NUMBERS = [0, 1, 2, 3, 5, 21, 1234, 20960.5, 1_000_000];
const STRINGS = ["Ana", "World Capitals", "x"];

describe.each([
  ["en", en],
  ["es", es],
])("client translations (%s) print what next-intl prints", (locale, messages) => {
  const theirs = nextIntlTranslator({ locale, messages, timeZone: "UTC" });
  const mine = ours({ locale, messages, timeZone: "UTC" });
  const all = flatten(messages);

  it("for every message and several values of its arguments", () => {
    const differ: string[] = [];
    for (const [key, message] of all) {
      const args = [...argumentsOf(parseIcu(message))];
      const rounds = args.length === 0 ? [undefined] : NUMBERS.map((n, i) => Object.fromEntries(args.map(([name, type]) => [name, type === "number" ? n : STRINGS[i % STRINGS.length]!])));
      for (const values of rounds) {
        const a = theirs(key as never, values as never);
        const b = mine(key, values);
        if (a !== b) differ.push(`${key} ${JSON.stringify(values)}: next-intl "${a}", ours "${b}"`);
      }
    }
    expect(differ).toEqual([]);
    expect(all.length).toBeGreaterThan(500);
  });

  it("answers has(), and a missing message reads as its key with an error logged", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const t = ours({ locale, messages, namespace: "errorCodes" });
    expect(t.has("not_found")).toBe(true);
    expect(t.has("no_such_code")).toBe(false);
    expect(t("no_such_code")).toBe("errorCodes.no_such_code");
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe("the ICU subset", () => {
  const t = (message: string, values?: Record<string, never>) => ours({ locale: "en", messages: { m: message } })("m", values);
  const theirs = (message: string, values?: Record<string, never>) => nextIntlTranslator({ locale: "en", messages: { m: message } })("m" as never, values as never);
  it.each([
    ["It''s {n, plural, =0 {none} one {# item} other {# items}}", { n: 1 }],
    ["'{literal}' and '#' {n, plural, offset:1 =0 {nobody} one {you} other {you and # more}}", { n: 3 }],
    ["{g, select, female {she} male {he} other {they}} said #", { g: "female" }],
    ["{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", { n: 22 }],
    ["{n, number, integer} / {p, number, percent}", { n: 3.7, p: 0.25 }],
    ["Don't {x}", { x: "stop" }],
  ])("formats %s like next-intl", (message, values) => {
    expect(t(message, values as never)).toBe(theirs(message, values as never));
  });

  it("formats rich text with tag functions", () => {
    const rich = ours({ locale: "en", messages: { m: "Read <b>{n, number} rules</b> now" } }).rich("m", { n: 1200, b: (chunks: unknown) => `[${(chunks as string[]).join("")}]` });
    expect(rich).toBe("Read [1,200 rules] now");
  });
});

describe("what client code imports from next-intl", () => {
  it("exists in src/i18n/client-intl.ts", () => {
    const src = path.resolve(import.meta.dirname, "..");
    const files = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
    const missing: string[] = [];
    for (const file of files) {
      for (const m of readFileSync(path.join(src, file), "utf8").matchAll(/import\s+\{([^}]*)\}\s+from\s+"next-intl"/g)) {
        for (const name of m[1]!.split(",").map((s) => s.trim()).filter((s) => s && !s.startsWith("type "))) {
          if (!(name in clientIntl)) missing.push(`${file}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
