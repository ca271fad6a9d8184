/**
 * The route a request path belongs to, as a metric label: the app's route pattern ("/quiz/[slug]"),
 * never the path itself, so a label holds a few dozen values however many quizzes, games and
 * attempts there are (each label value is a time series of its own in Prometheus).
 */

type Segment = { kind: "static"; name: string } | { kind: "dynamic" } | { kind: "catchAll"; optional: boolean };
type Compiled = { pattern: string; segments: Segment[] };

function parse(pattern: string): Segment[] {
  return pattern
    .split("/")
    .filter(Boolean)
    .map((s): Segment => {
      if (s.startsWith("[[...") && s.endsWith("]]")) return { kind: "catchAll", optional: true };
      if (s.startsWith("[...") && s.endsWith("]")) return { kind: "catchAll", optional: false };
      if (s.startsWith("[") && s.endsWith("]")) return { kind: "dynamic" };
      return { kind: "static", name: s };
    });
}

const rank = { static: 0, dynamic: 1, catchAll: 2 } as const;

/** Next's precedence: at the first segment where two patterns differ, static before [x] before [...x]. */
function compare(a: Compiled, b: Compiled): number {
  const n = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const x = a.segments[i];
    const y = b.segments[i];
    if (!x || !y) return x ? -1 : 1; // the longer pattern is the more specific one
    if (rank[x.kind] !== rank[y.kind]) return rank[x.kind] - rank[y.kind];
  }
  return 0;
}

function matches(segments: Segment[], parts: string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    if (s.kind === "catchAll") return s.optional ? parts.length >= i : parts.length > i;
    const part = parts[i];
    if (part === undefined) return false;
    if (s.kind === "static" && s.name !== part) return false;
  }
  return parts.length === segments.length;
}

/** Paths outside the app's routes, grouped so that they, too, make few label values. */
function fallback(parts: string[]): string {
  if (parts[0] === "_next") return parts[1] === "static" ? "/_next/static" : "/_next";
  if (parts.length === 1 && parts[0]!.includes(".")) return "/[file]"; // public/: favicon, robots.txt, …
  return "unmatched";
}

/**
 * A function from a request path (query string and all) to its route pattern, given the app's
 * patterns (src/server/app-routes.ts lists the app's).
 */
export function routeMatcher(patterns: Iterable<string>): (path: string) => string {
  const compiled = [...new Set(patterns)].map((pattern) => ({ pattern, segments: parse(pattern) })).sort(compare);
  return (path) => {
    const pathname = path.split(/[?#]/, 1)[0] ?? "/";
    let parts: string[];
    try {
      parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      return "unmatched"; // a malformed %-escape: Next answers 400 to it anyway
    }
    for (const c of compiled) if (matches(c.segments, parts)) return c.pattern;
    return fallback(parts);
  };
}

const PAGE_FILE = /^(page|route)\.(tsx|ts|jsx|js|mdx)$/;
const METADATA_CODE = /^(icon|apple-icon|opengraph-image|twitter-image|sitemap|robots|manifest)\d*\.(tsx|ts|jsx|js)$/;
const METADATA_FILE = /^(favicon\.ico|(icon|apple-icon|opengraph-image|twitter-image)\d*\.\w+|robots\.txt|sitemap\.xml|manifest\.(json|webmanifest))$/;

/**
 * The route pattern a file under the app directory serves, by Next's file conventions, or null for
 * a file that serves none (a layout, a component, a stylesheet, a private `_folder`'s file).
 * `file` is relative to the app directory, with "/" between segments: "quiz/[slug]/page.tsx" is
 * "/quiz/[slug]", "icon.svg" is "/icon.svg", "quiz/[slug]/opengraph-image.tsx" is
 * "/quiz/[slug]/opengraph-image". Route groups "(name)" and parallel slots "@name" add no segment.
 */
export function appRouteOfFile(file: string): string | null {
  const parts = file.split("/").filter(Boolean);
  const name = parts.pop();
  if (!name || parts.some((p) => p.startsWith("_"))) return null;
  const dirs = parts.filter((p) => !(p.startsWith("(") && p.endsWith(")")) && !p.startsWith("@"));
  const base = `/${dirs.join("/")}`;
  const under = (leaf: string) => (dirs.length ? `${base}/${leaf}` : `/${leaf}`);
  if (PAGE_FILE.test(name)) return base;
  if (METADATA_CODE.test(name)) return under(name.replace(/\.\w+$/, ""));
  if (METADATA_FILE.test(name)) return under(name);
  return null;
}
