import { IncomingMessage } from "node:http";
import { actionRowProblem, isActionRowField } from "../core/action-body";

/**
 * A server action's body, read and checked by the custom server (src/server/main.ts) before Next
 * sees it: Next hands the body to React's decodeReply, which answers one that is not JSON, or is
 * nested too deep to revive, with a 500. The rule is src/core/action-body.ts.
 */

/** A fetch server action: Next's client sends the Next-Action header with every one. */
export const isActionRequest = (req: IncomingMessage) => req.method === "POST" && typeof req.headers["next-action"] === "string";

export type ActionBodyCheck =
  | { ok: true; req: IncomingMessage }
  | { ok: false; status: 400; code: "bad_request"; message: string }
  | { ok: false; status: 413; code: "payload_too_large"; message: string };

/**
 * Reads the body (at most `limit` bytes) and checks React's rows in it; when they are sound, a
 * copy of the request carrying the same body goes on to Next (the original's has been read).
 */
export async function checkActionBody(req: IncomingMessage, limit: number): Promise<ActionBodyCheck> {
  const body = await readUpTo(req, limit);
  if (!body) return { ok: false, status: 413, code: "payload_too_large", message: "The request is too large." };
  const problem = await rowsProblem(req.headers["content-type"] ?? "", body);
  if (problem) return { ok: false, status: 400, code: "bad_request", message: `The action's arguments could not be read: ${PROBLEMS[problem]}.` };
  return { ok: true, req: withBody(req, body) };
}

const PROBLEMS = {
  not_json: "a part is not JSON",
  too_deep: "a part is nested too deep",
  not_arguments: "they are not a list",
  not_multipart: "the multipart body is malformed",
} as const;

/**
 * The whole body, or null once it passes `limit` bytes: then reading stops with the request
 * paused but whole, for the 413 to drain it (src/server/refuse-body.ts). Rejects when the client
 * goes away first.
 */
function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off("data", onData).off("end", onEnd).off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      req.pause();
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onClose = () => {
      stop();
      reject(new Error("the client went away while sending"));
    };
    req.on("data", onData).on("end", onEnd).on("close", onClose);
  });
}

async function rowsProblem(contentType: string, body: Buffer): Promise<keyof typeof PROBLEMS | null> {
  // Anything but multipart is one row, as Next reads it (UTF-8 text).
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) return actionRowProblem(body.toString("utf8"), true);
  let form: FormData;
  try {
    form = await new Request("http://action.invalid/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(body) }).formData();
  } catch {
    return "not_multipart";
  }
  if (typeof form.get("0") !== "string") return "not_arguments";
  for (const [name, value] of form) {
    if (!isActionRowField(name) || typeof value !== "string") continue; // FormData entries and files
    const problem = actionRowProblem(value, name === "0");
    if (problem) return problem;
  }
  return null;
}

/** The request as Next would have received it, its body `body` (already read from the original). */
function withBody(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}
