/**
 * Any origin works as the base: only whether resolving `next` keeps it matters. A fixed one keeps
 * this pure (the real origin may be unknown behind a proxy).
 */
const BASE = "http://quizdeck.invalid";

/**
 * A `next` query value that is safe to redirect to: a path on this site, never another origin.
 * The value is resolved the way a browser resolves it (URL drops tabs and newlines, reads `\` as
 * `/`), so `/\t/evil.example/` is seen as the `//evil.example/` it becomes, and the path returned
 * is the resolved one, not the raw text.
 */
export function safeNext(raw: string | string[] | undefined, fallback = "/me"): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path whose first segment is empty would read as protocol-relative once written anywhere.
  return path.startsWith("//") || path.startsWith("/\\") ? fallback : path;
}
