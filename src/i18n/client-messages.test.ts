import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "./messages/en.json";
import es from "./messages/es.json";
import { pickMessages } from "./pick-messages";

/**
 * Each page receives only the message namespaces its client components use (src/i18n/client-messages.tsx).
 * This follows every page's imports the way the bundler does and fails when a client component
 * uses a namespace that no layout above the page provides (the page would show "ns.key" and log an
 * error), or when a layout provides one that nothing below it uses (bytes sent for nothing).
 */
const SRC = path.resolve(import.meta.dirname, "..");
const APP = path.join(SRC, "app");

function resolveImport(spec: string, from: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(SRC, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The modules a file imports for their values (type-only imports are erased by the compiler). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+"([^"]+)"/gms)) {
    if (m[1]) continue;
    const braces = /^\{([^}]*)\}$/.exec(m[2]!.trim());
    if (braces && braces[1]!.split(",").every((s) => !s.trim() || s.trim().startsWith("type "))) continue;
    found.push(m[3]!);
  }
  for (const m of source.matchAll(/^import\s+"([^"]+)"/gm)) found.push(m[1]!);
  // Lazily loaded modules (import("…")) are the same page's code, only later.
  for (const m of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.push(m[1]!);
  return found.map((s) => resolveImport(s, file)).filter((f): f is string => f !== null);
}

const directive = (file: string) => /^\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["'](use client|use server)["']/.exec(readFileSync(file, "utf8"))?.[1];

/** Namespaces that client code reachable from `entry` passes to useTranslations ("*" for none given). */
function clientNamespaces(entry: string): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, client: boolean) => {
    const key = `${file}|${client}`;
    if (seen.has(key)) return;
    seen.add(key);
    const kind = directive(file);
    if (kind === "use server") return; // server actions: the client holds a reference only
    const isClient = client || kind === "use client";
    if (isClient) {
      for (const m of readFileSync(file, "utf8").matchAll(/useTranslations\(\s*(?:"([^"]*)")?\s*\)/g)) {
        const ns = m[1] ?? "*";
        used.set(ns, [...(used.get(ns) ?? []), path.relative(SRC, file)]);
      }
    }
    for (const next of valueImports(file)) walk(next, isClient);
  };
  walk(entry, false);
  return used;
}

function pagesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? pagesUnder(path.join(dir, d.name)) : d.name === "page.tsx" ? [path.join(dir, d.name)] : [],
  );
}

/** The layouts above a page, innermost first (the root layout last). */
function layoutsAbove(page: string): string[] {
  const layouts: string[] = [];
  for (let dir = path.dirname(page); dir.startsWith(APP); dir = path.dirname(dir)) {
    const layout = path.join(dir, "layout.tsx");
    if (existsSync(layout)) layouts.push(layout);
  }
  return layouts;
}

/** `<ClientMessages namespaces={["a", "b.c"]}>` in a layout; null when it has none. */
function providedBy(layout: string): string[] | null {
  const m = /<ClientMessages\s+namespaces=\{\[([^\]]*)\]\}/.exec(readFileSync(layout, "utf8"));
  return m ? [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!) : null;
}

const covers = (provided: string[], ns: string) => provided.some((p) => ns === p || ns.startsWith(`${p}.`));
const pages = pagesUnder(APP);

describe("client messages per page", () => {
  it.each(pages.map((p) => [path.relative(APP, p)]))("%s gets every namespace its client components use", (rel) => {
    const page = path.join(APP, rel);
    const layouts = layoutsAbove(page);
    // A nested provider replaces its parent's messages, so the innermost one is what the page has.
    const provided = layouts.map(providedBy).find((p) => p !== null) ?? [];
    const used = clientNamespaces(page);
    const missing = [...used.entries()].filter(([ns]) => !covers(provided, ns)).map(([ns, files]) => `${ns} (used by ${[...new Set(files)].join(", ")})`);
    expect(missing, `add them to <ClientMessages namespaces> in a layout above ${rel}`).toEqual([]);
  });

  it("keeps the root layout, its error boundary and the site chrome off next-intl's client runtime", () => {
    // They are on every page: their strings come through ChromeMessages (plain strings, no ICU
    // parser), so a page whose own components need no messages loads no i18n code at all.
    for (const file of ["layout.tsx", "error.tsx", "not-found.tsx", "forbidden.tsx", "unauthorized.tsx", "global-error.tsx"]) {
      const entry = path.join(APP, file);
      if (existsSync(entry)) expect([...clientNamespaces(entry).keys()], file).toEqual([]);
    }
  });

  it("has each layout provide only namespaces that something below it uses, and that exist", () => {
    for (const layout of pages.flatMap(layoutsAbove).filter((l, i, all) => all.indexOf(l) === i)) {
      const provided = providedBy(layout);
      if (!provided) continue;
      const below = pages.filter((p) => layoutsAbove(p)[0] === layout || layoutsAbove(p).find((l) => providedBy(l)) === layout);
      const used = new Set(below.flatMap((p) => [...clientNamespaces(p).keys()]));
      for (const ns of provided) {
        expect([...used].some((u) => covers([ns], u)), `${path.relative(APP, layout)} provides ${ns}, which no page below it uses`).toBe(true);
        expect(Object.keys(pickMessages(en, [ns])), `${ns} in en.json`).not.toEqual([]);
      }
    }
  });

  it.each([
    ["en", en],
    ["es", es],
  ])("keeps the chrome's %s messages to plain text and {name} placeholders (no ICU parser on the client)", (_, catalogue) => {
    for (const namespace of ["errors"] as const) {
      for (const [key, message] of Object.entries(catalogue[namespace])) {
        expect(message.replace(/\{\w+\}/g, ""), `${namespace}.${key}`).not.toMatch(/[{}<>]/);
      }
    }
  });

  it("picks namespaces, nested ones included, and nothing else", () => {
    const picked = pickMessages(en, ["join", "quiz.types"]) as Record<string, Record<string, unknown>>;
    expect(Object.keys(picked).sort()).toEqual(["join", "quiz"]);
    expect(picked.join).toEqual(en.join);
    expect(picked.quiz).toEqual({ types: en.quiz.types });
    expect(pickMessages(es, [])).toEqual({});
    expect(pickMessages(es, ["no.such"])).toEqual({});
  });
});
