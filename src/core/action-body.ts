/**
 * What a server action's body must be before Next hands it to React's decodeReply, which answers
 * anything else with a 500: each row React's encodeReply writes (the whole body as text, or the
 * numbered fields of a multipart body) is JSON nested at most MAX_ACTION_ROW_DEPTH deep (deeper
 * rows overflow the stack while they are revived), and the first row ("0") is the arguments' list.
 */

/** Deeper than any action's arguments (a quiz with its questions and options is under 10). */
export const MAX_ACTION_ROW_DEPTH = 64;

export type ActionRowProblem = "not_json" | "too_deep" | "not_arguments";

/** Why one row of an action's body cannot be decoded, or null; `root` for row "0". */
export function actionRowProblem(text: string, root: boolean): ActionRowProblem | null {
  // Nesting first, without recursion, so that no parser has to go that deep.
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_ACTION_ROW_DEPTH) return "too_deep";
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "not_json";
  }
  return root && !Array.isArray(value) ? "not_arguments" : null;
}

/** Whether a multipart field of an action's body is one of React's rows (a number), not a FormData entry. */
export const isActionRowField = (name: string) => /^\d+$/.test(name);
