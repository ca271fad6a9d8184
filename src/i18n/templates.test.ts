import { describe, expect, it } from "vitest";
import { fillTemplate, messageTemplate, namespaceTemplates } from "./templates";

describe("messageTemplate", () => {
  it.each([
    ["Hello", "Hello"],
    [["Hello ", ["name"], ","], "Hello {name},"],
    [[["title"], ": best %"], "{title}: best %"],
    [[["title"], " (live, ", ["date"], ")"], "{title} (live, {date})"],
    ["raw {name} as written", "raw {name} as written"],
  ])("%j → %s", (message, template) => expect(messageTemplate(message, "k")).toBe(template));

  it.each([[[["n", 2, { one: [0, " card"], other: [0, " cards"] }]]], [["Go ", ["b", "now"]]], [{ a: "b" }], [undefined]])("refuses %j", (message) =>
    expect(() => messageTemplate(message, "k")).toThrow(),
  );
});

describe("namespaceTemplates and fillTemplate", () => {
  it("turns a namespace into templates and fills them", () => {
    const t = namespaceTemplates({ errors: { a: "A", b: ["Hi ", ["name"]] } }, "errors");
    expect(t).toEqual({ a: "A", b: "Hi {name}" });
    expect(fillTemplate(t.b!, { name: "Ana" })).toBe("Hi Ana");
    expect(fillTemplate("{x} {y}", { x: 1 })).toBe("1 {y}");
  });
});

/**
 * What the build does to the catalogues (next-intl's plugin compiles each message with icu-minify,
 * next.config.ts), read back: the namespaces filled outside next-intl come out as written.
 */
describe("the catalogues' messages filled outside next-intl", () => {
  it.each(["en", "es"])("%s: errors, mail and the gradebook's column names survive precompiling", async (locale) => {
    const { default: compile } = (await import("icu-minify/compile")) as { default: (message: string) => unknown };
    const { default: raw } = (await import(`./messages/${locale}.json`)) as { default: Record<string, Record<string, unknown>> };
    const compiled = (node: unknown): unknown =>
      typeof node === "string" ? compile(node) : Object.fromEntries(Object.entries(node as object).map(([k, v]) => [k, compiled(v)]));
    const flat = (node: unknown, prefix: string): [string, unknown][] =>
      node && typeof node === "object" && !Array.isArray(node) ? Object.entries(node).flatMap(([k, v]) => flat(v, `${prefix}.${k}`)) : [[prefix, node]];
    const pre = compiled(raw) as Record<string, Record<string, unknown>>;
    for (const ns of ["errors", "mail"]) for (const [key, message] of flat(pre[ns], ns)) expect(messageTemplate(message, key)).toBe(flat(raw[ns], ns).find(([k]) => k === key)![1]);
    const files = namespaceTemplates({ classes: pre.classes }, "classes", (k) => k.startsWith("file"));
    expect(files).toEqual(Object.fromEntries(Object.entries(raw.classes!).filter(([k]) => k.startsWith("file"))));
  });
});
