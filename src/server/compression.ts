/**
 * Response compression for the custom server (src/server/main.ts), in place of Next's own
 * (`compress: false` in next.config.ts).
 *
 * Why not Next's: it flushes the compressor after every chunk React streams, and an HTML page is
 * streamed in hundreds of small chunks, so each ends its own deflate block and the page travels
 * 1.3–1.7× larger than the same bytes compressed in one go. It offers gzip only.
 *
 * Here: brotli when the browser accepts it, else gzip; the compressor is flushed (a sync flush,
 * which keeps the dictionary) at most FLUSH_DELAY_MS after data was written, so chunks written
 * together share one block, while a part that React streams later (a Suspense boundary) still
 * leaves at once. Left alone: HEAD, statuses without a body, byte ranges (206), responses already
 * encoded or marked `no-transform`, types that do not compress (images, fonts, archives), bodies
 * known to be small.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import zlib from "node:zlib";

const FLUSH_DELAY_MS = 10;
const MIN_LENGTH = 1024;
// Brotli's quality 5 compresses as well as gzip's best at about gzip's speed; 11 is far too slow
// for a page rendered per request.
const BROTLI_QUALITY = 5;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|rss\+xml|atom\+xml|x-component|ld\+json)|image\/svg\+xml)/i;

export type Encoding = "br" | "gzip";

/** The encoding to use for an Accept-Encoding header: brotli, then gzip, honouring q=0. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const quality = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q ? Number.parseFloat(q.slice(2)) : 1;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: Encoding) => (quality.get(name) ?? quality.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return null;
}

function shouldCompress(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === "HEAD") return false;
  const status = res.statusCode;
  // 206: a byte range of the identity body, which an encoding would make meaningless.
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  if (res.getHeader("content-range")) return false;
  if (res.getHeader("content-encoding")) return false;
  if (/no-transform/i.test(String(res.getHeader("cache-control") ?? ""))) return false;
  if (!COMPRESSIBLE.test(String(res.getHeader("content-type") ?? ""))) return false;
  const length = Number(res.getHeader("content-length"));
  return !(Number.isFinite(length) && length < MIN_LENGTH);
}

function addVary(res: ServerResponse) {
  const vary = String(res.getHeader("vary") ?? "");
  if (vary === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return;
  res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Makes `res` compress what is written to it, if the request accepts an encoding and the response
 * turns out compressible; decided when the headers go out.
 */
export function compressResponse(req: IncomingMessage, res: ServerResponse) {
  const encoding = negotiateEncoding(req.headers["accept-encoding"]);
  const writeHead = res.writeHead;
  const write = res.write;
  const end = res.end;
  let stream: zlib.BrotliCompress | zlib.Gzip | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  let socketFull = false;

  const flush = () => {
    flushTimer = null;
    if (!stream || stream.writableEnded) return;
    if (stream instanceof zlib.Gzip) stream.flush(zlib.constants.Z_SYNC_FLUSH);
    else stream.flush(zlib.constants.BROTLI_OPERATION_FLUSH);
  };
  const scheduleFlush = () => {
    flushTimer ??= setTimeout(flush, FLUSH_DELAY_MS);
  };

  const start = () => {
    res.removeHeader("content-length");
    res.setHeader("content-encoding", encoding!);
    stream =
      encoding === "br"
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : zlib.createGzip({ level: 6 });
    const compressed = stream;
    compressed.on("data", (chunk: Buffer) => {
      if (!(write as (data: Buffer) => boolean).call(res, chunk)) {
        socketFull = true;
        compressed.pause();
      }
    });
    compressed.on("end", () => {
      if (flushTimer) clearTimeout(flushTimer);
      (end as () => ServerResponse).call(res);
    });
    compressed.on("error", (err) => res.destroy(err));
    // Writers wait for "drain" on the response; the compressor's buffer is what they filled.
    compressed.on("drain", () => res.emit("drain"));
    res.on("drain", () => {
      if (socketFull && !res.writableNeedDrain) {
        socketFull = false;
        compressed.resume();
      }
    });
    res.on("close", () => {
      if (flushTimer) clearTimeout(flushTimer);
      if (!compressed.destroyed) compressed.destroy();
    });
  };

  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (!res.headersSent) {
      res.statusCode = status;
      // writeHead(status, [reason,] headers): headers given as an object are set first, so the
      // decision sees them; a raw header array (rare) passes through uncompressed.
      const headers = rest.find((r) => typeof r === "object" && r !== null);
      if (!Array.isArray(headers)) {
        if (headers) {
          for (const [key, value] of Object.entries(headers as OutgoingHttpHeaders)) if (value !== undefined) res.setHeader(key, value);
          rest = rest.filter((r) => r !== headers);
        }
        if (encoding && COMPRESSIBLE.test(String(res.getHeader("content-type") ?? ""))) addVary(res);
        if (encoding && shouldCompress(req, res)) start();
      }
    }
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse["writeHead"];

  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!stream) return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    const encodingArg = typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : undefined;
    const callback = rest.find((r) => typeof r === "function") as ((err?: Error | null) => void) | undefined;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, encodingArg) : (chunk as Uint8Array);
    if (buffer.length === 0) {
      callback?.();
      return true;
    }
    scheduleFlush();
    return stream.write(buffer, callback);
  } as ServerResponse["write"];

  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    const callback = [chunk, ...rest].find((r) => typeof r === "function") as (() => void) | undefined;
    const data = typeof chunk === "function" ? undefined : chunk;
    if (!res.headersSent) {
      // A whole body given at once: its length decides, as if it had been set.
      if (data != null && !res.hasHeader("content-length")) {
        const length = typeof data === "string" ? Buffer.byteLength(data, typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : "utf8") : (data as Uint8Array).length;
        res.setHeader("content-length", length);
      }
      res.writeHead(res.statusCode);
    }
    if (!stream) return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    if (callback) res.once("finish", callback);
    if (data != null) {
      const encodingArg = typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : undefined;
      stream.end(typeof data === "string" ? Buffer.from(data, encodingArg) : (data as Uint8Array));
    } else stream.end();
    return this;
  } as ServerResponse["end"];
}
