/**
 * A small ICU MessageFormat formatter for the browser: what our catalogues use (arguments,
 * `number` with `integer`, `percent` or `::group-off`, `plural`/`selectordinal` with `=n`,
 * `offset:` and `#`, `select`, `date`/`time`, and `<tag>` chunks for rich text). next-intl's
 * client runtime carries a complete ICU parser (intl-messageformat, ~15 kB gz), which phones on a
 * slow network pay for on every page that translates on the client; this is ~1.5 kB.
 * src/i18n/icu.test.ts formats every message of both catalogues with this and with next-intl and
 * fails on any difference, so a message using syntax this does not know is caught there.
 */

type Node =
  | string
  | { k: "arg"; name: string }
  | { k: "number"; name: string; style: string }
  | { k: "date"; name: string; style: string; time: boolean }
  | { k: "plural"; name: string; ordinal: boolean; offset: number; options: Record<string, Node[]> }
  | { k: "select"; name: string; options: Record<string, Node[]> }
  | { k: "pound" }
  | { k: "tag"; name: string; children: Node[] };

export class IcuSyntaxError extends Error {}

const NAME = /[^\s{},#<>'=]+/y;
const TAG = /<([a-zA-Z0-9_-]+)>/y;

/** Parses a message into nodes; throws IcuSyntaxError on what it does not understand. */
export function parseIcu(message: string): Node[] {
  let i = 0;
  const fail = (what: string): never => {
    throw new IcuSyntaxError(`${what} at ${i} in "${message}"`);
  };
  const space = () => {
    while (i < message.length && /\s/.test(message[i]!)) i++;
  };
  const name = () => {
    space();
    NAME.lastIndex = i;
    const m = NAME.exec(message);
    if (!m) fail("expected a name");
    i += m![0].length;
    space();
    return m![0];
  };
  const expect = (c: string) => {
    space();
    if (message[i] !== c) fail(`expected "${c}"`);
    i++;
  };
  const options = (inPlural: boolean): Record<string, Node[]> => {
    const out: Record<string, Node[]> = {};
    space();
    while (i < message.length && message[i] !== "}") {
      let key: string;
      if (message[i] === "=") {
        i++;
        key = `=${name()}`;
      } else key = name();
      expect("{");
      out[key] = nodes(inPlural, "}");
      expect("}");
      space();
    }
    if (!("other" in out)) fail("a plural or select without `other`");
    return out;
  };
  const argument = (inPlural: boolean): Node => {
    const arg = name();
    if (message[i] === "}") {
      i++;
      return { k: "arg", name: arg };
    }
    expect(",");
    const type = name();
    let node: Node;
    if (type === "plural" || type === "selectordinal") {
      expect(",");
      space();
      let offset = 0;
      const m = /offset:\s*(\d+)/y;
      m.lastIndex = i;
      const found = m.exec(message);
      if (found) {
        offset = Number(found[1]);
        i += found[0].length;
      }
      node = { k: "plural", name: arg, ordinal: type === "selectordinal", offset, options: options(true) };
    } else if (type === "select") {
      expect(",");
      node = { k: "select", name: arg, options: options(inPlural) };
    } else if (type === "number" || type === "date" || type === "time") {
      let style = "";
      if (message[i] === ",") {
        i++;
        const end = message.indexOf("}", i);
        if (end < 0) fail("an unclosed argument");
        style = message.slice(i, end).trim();
        i = end;
      }
      node = type === "number" ? { k: "number", name: arg, style } : { k: "date", name: arg, style, time: type === "time" };
    } else return fail(`unknown argument type "${type}"`);
    expect("}");
    return node;
  };
  /** Text and arguments up to `stop` (a closing brace, or a closing tag), apostrophes as ICU reads them. */
  const nodes = (inPlural: boolean, stop?: string): Node[] => {
    const out: Node[] = [];
    let text = "";
    const flush = () => {
      if (text) out.push(text);
      text = "";
    };
    while (i < message.length) {
      const c = message[i]!;
      if (stop === "}" && c === "}") break;
      if (stop && stop !== "}" && message.startsWith(stop, i)) break;
      if (c === "'") {
        const next = message[i + 1];
        if (next === "'") {
          text += "'";
          i += 2;
        } else if (next === "{" || next === "}" || next === "<" || next === ">" || (inPlural && next === "#")) {
          // Quoted literal text up to the next lone apostrophe (or the end).
          i++;
          while (i < message.length) {
            if (message[i] === "'") {
              if (message[i + 1] === "'") {
                text += "'";
                i += 2;
                continue;
              }
              i++;
              break;
            }
            text += message[i++];
          }
        } else {
          text += "'";
          i++;
        }
      } else if (c === "{") {
        flush();
        i++;
        out.push(argument(inPlural));
      } else if (c === "}") {
        fail("an unexpected `}`");
      } else if (c === "#" && inPlural) {
        flush();
        out.push({ k: "pound" });
        i++;
      } else if (c === "<" && message[i + 1] !== "/") {
        TAG.lastIndex = i;
        const m = TAG.exec(message);
        if (!m) {
          text += c;
          i++;
          continue;
        }
        flush();
        i += m[0].length;
        const close = `</${m[1]}>`;
        const children = nodes(inPlural, close);
        if (!message.startsWith(close, i)) fail(`an unclosed <${m[1]}>`);
        i += close.length;
        out.push({ k: "tag", name: m[1]!, children });
      } else if (c === "<") {
        fail("an unexpected closing tag");
      } else {
        text += c;
        i++;
      }
    }
    flush();
    return out;
  };
  const result = nodes(false);
  if (i < message.length) fail("unexpected text");
  return result;
}

export type IcuValue = string | number | boolean | Date | null | undefined | ((chunks: unknown[]) => unknown);

const cache = new Map<string, Node[]>();
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => T): T {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = make()));
  return f as T;
}
const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  "": {},
  integer: { maximumFractionDigits: 0 },
  percent: { style: "percent" },
  "::percent": { style: "percent" },
  "::group-off": { useGrouping: false },
};
const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  "": { dateStyle: "medium" },
  short: { dateStyle: "short" },
  medium: { dateStyle: "medium" },
  long: { dateStyle: "long" },
  full: { dateStyle: "full" },
};

export class IcuFormatError extends Error {}

/**
 * Formats a message to parts: strings, and whatever tag functions return (React elements for
 * rich text). Throws IcuSyntaxError or IcuFormatError (a missing value, an unknown style).
 */
export function formatIcuParts(message: string, values: Record<string, IcuValue> | undefined, locale: string, timeZone?: string): unknown[] {
  let tree = cache.get(message);
  if (!tree) cache.set(message, (tree = parseIcu(message)));
  const out: unknown[] = [];
  const value = (name: string) => {
    if (!values || !(name in values)) throw new IcuFormatError(`The value "${name}" is missing for "${message}"`);
    return values[name];
  };
  const num = (name: string) => {
    const v = value(name);
    if (typeof v !== "number") throw new IcuFormatError(`The value "${name}" is not a number in "${message}"`);
    return v;
  };
  const walk = (list: Node[], pound: number | null) => {
    for (const node of list) {
      if (typeof node === "string") out.push(node);
      else if (node.k === "arg") {
        const v = value(node.name);
        out.push(typeof v === "string" || typeof v === "number" ? String(v) : v instanceof Date ? v.toString() : v ? v : "");
      } else if (node.k === "number") {
        const options = NUMBER_STYLES[node.style];
        if (!options) throw new IcuFormatError(`Unknown number style "${node.style}" in "${message}"`);
        out.push(numberFormat(locale, options).format(num(node.name)));
      } else if (node.k === "date") {
        const v = value(node.name);
        const options = node.time ? { timeStyle: (node.style || "medium") as "short" } : DATE_STYLES[node.style];
        if (!options) throw new IcuFormatError(`Unknown date style "${node.style}" in "${message}"`);
        const key = `d|${locale}|${timeZone}|${JSON.stringify(options)}`;
        out.push(cached(key, () => new Intl.DateTimeFormat(locale, { timeZone, ...options })).format(v instanceof Date ? v : Number(v)));
      } else if (node.k === "pound") {
        if (pound !== null) out.push(numberFormat(locale).format(pound));
      } else if (node.k === "plural") {
        const n = num(node.name);
        const exact = node.options[`=${n}`];
        if (exact) walk(exact, n - node.offset);
        else {
          const rules = cached(`p|${locale}|${node.ordinal}`, () => new Intl.PluralRules(locale, { type: node.ordinal ? "ordinal" : "cardinal" }));
          walk(node.options[rules.select(n - node.offset)] ?? node.options.other!, n - node.offset);
        }
      } else if (node.k === "select") {
        const v = String(value(node.name));
        walk(node.options[v] ?? node.options.other!, pound);
      } else {
        const fn = values?.[node.name];
        if (typeof fn !== "function") throw new IcuFormatError(`No function for the tag <${node.name}> in "${message}"`);
        const start = out.length;
        walk(node.children, pound);
        const chunks = out.splice(start);
        out.push(fn(chunks));
      }
    }
  };
  walk(tree, null);
  // Adjacent strings as one, as intl-messageformat returns them.
  const merged: unknown[] = [];
  for (const part of out) {
    if (typeof part === "string" && typeof merged.at(-1) === "string") merged[merged.length - 1] += part;
    else merged.push(part);
  }
  return merged;
}
