import { LineIndex } from "./common";

/**
 * A small JSON scanner that says where things are: the offset where each value near the top
 * starts (so a problem can name the line of question 7), and the offset and cause of the first
 * syntax error. JSON.parse still builds the values; engines disagree on whether and how their
 * error messages carry a position, so this gives one that does not depend on the engine.
 */
export type JsonScan = {
  /** Start offset of every value at depth ≤ maxDepth, by path: "", "quiz", "quiz/questions/3". */
  starts: Map<string, number>;
  error?: { offset: number; message: string };
};

class ScanError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export const MAX_NESTING = 1000;
const TOO_DEEP = "the JSON is nested too deeply";
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function scanJson(text: string, maxDepth = 3): JsonScan {
  const starts = new Map<string, number>();
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new ScanError(at, message);
  };
  const ws = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return;
    }
  };
  const describe = (at: number) =>
    at >= text.length ? "the file ends too early" : `unexpected ${JSON.stringify(text.charAt(at))}`;

  const string = (): void => {
    i++; // opening quote
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) fail("a string is not closed (missing \")");
      if (c === 34) {
        i++;
        return;
      }
      if (c === 92) {
        const e = text.charAt(i + 1);
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail("a \\u escape needs four hex digits");
          i += 6;
        } else if ('"\\/bfnrt'.includes(e) && e !== "") i += 2;
        else fail(`"\\${e}" is not a JSON escape`, i + 1);
        continue;
      }
      if (c < 0x20) fail("a string contains a line break or control character (write it as \\n)");
      i++;
    }
  };

  const value = (path: string, depth: number): void => {
    if (depth > MAX_NESTING) fail(TOO_DEEP);
    if (depth <= maxDepth) starts.set(path, i);
    const c = text.charAt(i);
    const join = (k: string) => (path === "" ? k : `${path}/${k}`);
    if (c === "{") {
      i++;
      ws();
      if (text.charAt(i) === "}") {
        i++;
        return;
      }
      for (;;) {
        if (text.charAt(i) !== '"') fail(`expected a property name in double quotes, found ${describe(i).replace("unexpected ", "")}`);
        const keyStart = i;
        string();
        const key = depth < maxDepth ? String(JSON.parse(text.slice(keyStart, i))) : "";
        ws();
        if (text.charAt(i) !== ":") fail(`expected ":" after a property name, found ${describe(i).replace("unexpected ", "")}`);
        i++;
        ws();
        value(join(key), depth + 1);
        ws();
        const n = text.charAt(i);
        if (n === ",") {
          i++;
          ws();
          if (text.charAt(i) === "}") fail("a comma before } (remove the trailing comma)");
          continue;
        }
        if (n === "}") {
          i++;
          return;
        }
        fail(`expected "," or "}" after a property value, found ${describe(i).replace("unexpected ", "")}`);
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text.charAt(i) === "]") {
        i++;
        return;
      }
      for (let index = 0; ; index++) {
        value(join(String(index)), depth + 1);
        ws();
        const n = text.charAt(i);
        if (n === ",") {
          i++;
          ws();
          if (text.charAt(i) === "]") fail("a comma before ] (remove the trailing comma)");
          continue;
        }
        if (n === "]") {
          i++;
          return;
        }
        fail(`expected "," or "]" after a list element, found ${describe(i).replace("unexpected ", "")}`);
      }
    }
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) fail("a number is malformed");
      i += (m as RegExpExecArray)[0].length;
      return;
    }
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    fail(i >= text.length ? "the file ends too early (is it cut off?)" : `${describe(i)}; expected a value`);
  };

  try {
    ws();
    value("", 0);
    ws();
    if (i < text.length) fail("unexpected text after the end of the JSON");
    return { starts };
  } catch (e) {
    if (e instanceof ScanError) return { starts, error: { offset: e.offset, message: e.message } };
    if (e instanceof RangeError) return { starts, error: { offset: i, message: "the JSON is nested too deeply" } };
    throw e;
  }
}

export type JsonParse = { ok: true; value: unknown; scan: JsonScan; lines: LineIndex } | { ok: false; line: number; reason: string };

/**
 * Parses JSON text, returning the value with the positions of its top-level parts, or the line
 * and a readable cause of the syntax error.
 */
export function parseJsonText(text: string, maxDepth = 3): JsonParse {
  const lines = new LineIndex(text);
  // Scanned first: JSON.parse builds 2 million nested arrays from 4 MB of "[" before anything
  // can look at them, which takes seconds; the scanner stops at the first level too deep.
  const scan = scanJson(text, maxDepth);
  if (scan.error?.message === TOO_DEEP) {
    const line = lines.line(scan.error.offset);
    return { ok: false, line, reason: `The file nests values more than ${MAX_NESTING.toLocaleString("en-US")} deep (line ${line}); a quiz file needs a few levels` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    let line: number | undefined;
    let column: number | undefined;
    // V8 has said "... at position 42", "... at position 42 (line 3 column 5)" and nothing at all.
    const lc = /line (\d+) column (\d+)/.exec(message);
    const pos = /position (\d+)/.exec(message);
    if (lc) {
      line = Number(lc[1]);
      column = Number(lc[2]);
    } else if (pos) {
      const offset = Number(pos[1]);
      line = lines.line(offset);
      column = lines.column(offset);
    } else if (scan.error) {
      line = lines.line(scan.error.offset);
      column = lines.column(scan.error.offset);
    }
    const cause = scan.error?.message ?? message.replace(/, "[\s\S]*" is not valid JSON$/, "").slice(0, 200);
    if (line === undefined) return { ok: false, line: 0, reason: `The file is not valid JSON: ${cause}` };
    return { ok: false, line, reason: `The file is not valid JSON: line ${line}, column ${column ?? 1}: ${cause}` };
  }
  return { ok: true, value, scan, lines };
}

/** Line of the value at `path`, or undefined when the scanner could not place it. */
export function lineAt(parsed: { scan: JsonScan; lines: LineIndex }, path: string): number | undefined {
  const offset = parsed.scan.starts.get(path);
  return offset === undefined ? undefined : parsed.lines.line(offset);
}
