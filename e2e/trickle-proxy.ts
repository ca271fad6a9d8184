import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP proxy in front of the app that sends each HTML page the way a busy server does: the
 * shell at once, then the page's RSC payload (Next's `self.__next_f.push` scripts) one script every
 * `gapMs`. So hydration starts before the whole payload has arrived and meets rows still on the
 * way, which is what made pages fail to hydrate now and then on a loaded machine (React error
 * 418, docs/known-issues.md). Everything else passes through unchanged.
 */
export async function startTrickleProxy(upstream: string, gapMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && name !== "host" && name !== "accept-encoding") headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await new Promise<Blob>((resolve) => {
        const parts: Uint8Array<ArrayBuffer>[] = [];
        req.on("data", (d: Buffer) => parts.push(new Uint8Array(d))).on("end", () => resolve(new Blob(parts)));
      });
      const up = await fetch(new URL(req.url ?? "/", target), { method: req.method, headers, body, redirect: "manual" });
      const out: Record<string, string | string[]> = {};
      up.headers.forEach((value, name) => {
        if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name)) out[name] = value;
      });
      const cookies = up.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      res.writeHead(up.status, out);
      const bytes = Buffer.from(await up.arrayBuffer());
      if (!String(up.headers.get("content-type")).startsWith("text/html")) return res.end(bytes);
      const pieces = splitAtPayloadScripts(bytes);
      for (const [i, piece] of pieces.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
        res.write(piece);
      }
      res.end();
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** The document cut before each `<script …>self.__next_f.push(` (the shell is the first piece). */
function splitAtPayloadScripts(html: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let at = html.indexOf("self.__next_f.push("); at >= 0; at = html.indexOf("self.__next_f.push(", at + 1)) {
    const tag = html.lastIndexOf("<script", at);
    if (tag > start) {
      pieces.push(html.subarray(start, tag));
      start = tag;
    }
  }
  pieces.push(html.subarray(start));
  return pieces;
}
