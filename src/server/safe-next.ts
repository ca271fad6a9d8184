/** A `next` query value that is safe to redirect to: a path on this site, never another origin. */
export function safeNext(raw: string | string[] | undefined, fallback = "/me"): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
