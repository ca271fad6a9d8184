/**
 * A message with `{name}` arguments and nothing more, as its template string, whether the catalogue
 * came in raw (tsx, vitest) or precompiled by next-intl's plugin (next.config.ts: in the Next
 * bundles every import of src/i18n/messages/*.json gets icu-minify's form, where "Hi {name}" is
 * `["Hi ", ["name"]]`). For text filled outside React: the chrome's error strings, mail, the
 * gradebook files' column names. Anything richer (plural, select, tags) throws.
 */
export function messageTemplate(message: unknown, key: string): string {
  if (typeof message === "string") return message;
  if (!Array.isArray(message)) throw new Error(`${key} is not a message`);
  return message
    .map((part: unknown) => {
      if (typeof part === "string") return part;
      if (Array.isArray(part) && part.length === 1 && typeof part[0] === "string") return `{${part[0]}}`;
      throw new Error(`${key} has more than {name} arguments`);
    })
    .join("");
}

/** A namespace's messages as templates (see messageTemplate): all of them, or those whose key passes `only`. */
export function namespaceTemplates(messages: unknown, namespace: string, only: (key: string) => boolean = () => true): Record<string, string> {
  const at = messages && typeof messages === "object" ? (messages as Record<string, unknown>)[namespace] : undefined;
  if (!at || typeof at !== "object") throw new Error(`no namespace ${namespace}`);
  return Object.fromEntries(
    Object.entries(at)
      .filter(([key]) => only(key))
      .map(([key, message]) => [key, messageTemplate(message, `${namespace}.${key}`)]),
  );
}

/** Fills `{name}` in a template; an unknown name stays as written. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
