type Messages = Record<string, unknown>;

/**
 * The part of a message catalogue under the given namespaces ("live", or nested: "quiz.types"),
 * with the nesting kept, for a page's client components (src/i18n/client-messages.tsx).
 */
export function pickMessages(messages: Messages, namespaces: readonly string[]): Messages {
  const picked: Messages = {};
  for (const namespace of namespaces) {
    const keys = namespace.split(".");
    let from: unknown = messages;
    for (const key of keys) from = from && typeof from === "object" ? (from as Messages)[key] : undefined;
    if (from === undefined) continue;
    let to = picked;
    keys.slice(0, -1).forEach((key) => (to = (to[key] ??= {}) as Messages));
    to[keys.at(-1)!] = from;
  }
  return picked;
}
