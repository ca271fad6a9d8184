import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponse, negotiateEncoding } from "./compression";

describe("negotiateEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["identity", null],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "gzip"],
    ["", null],
    [undefined, null],
    ["GZIP", "gzip"],
  ])("%s → %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

// A page the size and shape of a streamed one: many small chunks of similar markup.
const CHUNKS = Array.from({ length: 400 }, (_, i) => `<div class="card flex gap-2 rounded-xl p-4"><a href="/quiz/item-${i}">Quiz number ${i}</a><span>${(i * 7919) % 1000} plays</span></div>`);
const PAGE = `<!DOCTYPE html><html><body>${CHUNKS.join("")}</body></html>`;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  server = createServer((req, res) => {
    compressResponse(req, res);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ headers: IncomingMessage["headers"]; raw: Buffer; body: Buffer }>((resolve, reject) => {
    const req = request({ port, path, headers, method, host: "127.0.0.1" }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        const raw = Buffer.concat(parts);
        const encoding = res.headers["content-encoding"];
        const body = encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
        resolve({ headers: res.headers, raw, body });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** Writes the page the way Next streams one: headers flushed, then chunk after chunk. */
function streamPage(_req: IncomingMessage, res: ServerResponse) {
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.flushHeaders();
  for (const chunk of CHUNKS.map((c, i) => (i === 0 ? `<!DOCTYPE html><html><body>${c}` : c))) res.write(chunk);
  res.end("</body></html>");
}

describe("compressResponse", () => {
  it.each([
    ["br", "gzip, deflate, br"],
    ["gzip", "gzip, deflate"],
  ])("answers %s that decodes to the same bytes, about as small as compressing in one go", async (encoding, accept) => {
    const port = await serve(streamPage);
    const res = await get(port, "/", { "accept-encoding": accept });
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.body.toString()).toBe(PAGE);
    const oneGo = encoding === "br" ? zlib.brotliCompressSync(PAGE, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.gzipSync(PAGE);
    // Flushing after every chunk (what Next's compression does) makes this page several times larger.
    expect(res.raw.length).toBeLessThan(oneGo.length * 1.1);
  });

  it("sends the page as it is when no encoding is accepted", async () => {
    const port = await serve(streamPage);
    const res = await get(port, "/", { "accept-encoding": "identity" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.raw.toString()).toBe(PAGE);
  });

  it("leaves images, encoded bodies, small bodies and HEAD alone", async () => {
    const png = Buffer.alloc(5000, 7);
    const port = await serve((req, res) => {
      if (req.url === "/image") res.writeHead(200, { "content-type": "image/png", "content-length": png.length }).end(png);
      else if (req.url === "/encoded") res.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" }).end(zlib.gzipSync(PAGE));
      else if (req.url === "/small") res.writeHead(200, { "content-type": "application/json", "content-length": 11 }).end('{"ok":true}');
      else if (req.url === "/range") res.writeHead(206, { "content-type": "text/plain", "content-range": `bytes 0-4999/9999` }).end(PAGE.slice(0, 5000));
      else if (req.url === "/small-at-end") res.setHeader("content-type", "application/json").end('{"ok":true}');
      else res.writeHead(200, { "content-type": "text/html" }).end(req.method === "HEAD" ? undefined : PAGE);
    });
    const accept = { "accept-encoding": "br, gzip" };
    const image = await get(port, "/image", accept);
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.raw.equals(png)).toBe(true);
    const encoded = await get(port, "/encoded", accept);
    expect(encoded.headers["content-encoding"]).toBe("gzip");
    expect(encoded.body.toString()).toBe(PAGE);
    const small = await get(port, "/small", accept);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.raw.toString()).toBe('{"ok":true}');
    const smallAtEnd = await get(port, "/small-at-end", accept);
    expect(smallAtEnd.headers["content-encoding"]).toBeUndefined();
    expect(smallAtEnd.raw.toString()).toBe('{"ok":true}');
    const range = await get(port, "/range", accept);
    expect(range.headers["content-encoding"]).toBeUndefined();
    expect(range.raw.toString()).toBe(PAGE.slice(0, 5000));
    const head = await get(port, "/page", accept, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    const whole = await get(port, "/page", accept);
    expect(whole.headers["content-encoding"]).toBe("br");
    expect(whole.body.toString()).toBe(PAGE);
  });

  it.each(["br", "gzip"])("still streams with %s: a part written early arrives before the rest is written", async (encoding) => {
    // The server writes the rest only once the client has decoded the first part, so a
    // compressor that held the first part back until the end would never finish this test.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const port = await serve((_req, res) => {
      res.setHeader("content-type", "text/html");
      res.write(`<main>${"shell ".repeat(500)}</main>`);
      void released.then(() => res.end("<section>late part</section>"));
    });
    const text = await new Promise<string>((resolve, reject) => {
      const req = request({ port, path: "/", host: "127.0.0.1", headers: { "accept-encoding": encoding } }, (res) => {
        expect(res.headers["content-encoding"]).toBe(encoding);
        const decoder = encoding === "br" ? zlib.createBrotliDecompress() : zlib.createGunzip();
        let decoded = "";
        decoder.on("data", (d: Buffer) => {
          decoded += d.toString();
          if (decoded.includes("</main>")) release();
        });
        decoder.on("end", () => resolve(decoded));
        decoder.on("error", reject);
        res.pipe(decoder);
      });
      req.on("error", reject);
      req.end();
    });
    expect(text).toBe(`<main>${"shell ".repeat(500)}</main><section>late part</section>`);
  });
});
