import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Answering 413 while the client is still sending its body. Closing the connection at once (as
 * Node does after a response marked `Connection: close`) resets it while data still arrives, and
 * a client busy writing, such as `fetch`, then reports the reset (EPIPE) instead of the answer.
 * So the rest of the body is read and thrown away, and the connection stays open for the next
 * request; only a body that goes on past DRAIN_BYTES, or takes longer than DRAIN_MS, is cut off.
 */
export const DRAIN_BYTES = 64 * 1024 * 1024;
export const DRAIN_MS = 30_000;

export function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  const declared = Number(req.headers["content-length"] ?? 0);
  // A body declared past what we would read is not waited for: the connection closes after the answer.
  const drain = !(declared > DRAIN_BYTES) && !req.complete;
  res.writeHead(413, { "content-type": "application/json", "cache-control": "no-store", ...(drain ? {} : { connection: "close" }) });
  res.end(JSON.stringify({ error: { code: "payload_too_large", message: "The request is too large." } }));
  if (!drain) return;
  let read = 0;
  const cut = setTimeout(() => req.destroy(), DRAIN_MS);
  cut.unref();
  req.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_BYTES) req.destroy();
  });
  req.once("close", () => clearTimeout(cut));
  req.resume();
}
