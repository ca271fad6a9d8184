import { readFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import jsQR from "jsqr";
import { expect, type Locator } from "@playwright/test";
import { PROXY_HOST, proxySetup } from "./setup";

export const proxy = proxySetup();

/**
 * Decodes the QR code of an <img> (a data: URL the server drew) by drawing it on a 400 px canvas
 * in the page: the picture the server made, whatever size the page shows it at.
 */
export async function decodeImgQr(img: Locator): Promise<string> {
  const pixels = await img.evaluate(async (el: HTMLImageElement) => {
    const copy = new Image();
    copy.src = el.currentSrc || el.src;
    await copy.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 400;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, 400, 400);
    ctx.drawImage(copy, 20, 20, 360, 360);
    const data = ctx.getImageData(0, 0, 400, 400);
    return Array.from(data.data);
  });
  const code = jsQR(Uint8ClampedArray.from(pixels), 400, 400);
  expect(code, "the QR code decodes").not.toBeNull();
  return code!.data;
}


/**
 * One HTTPS request to nginx from a chosen loopback address (the client address nginx sees and
 * forwards), checking nginx's certificate against the test's own, for quizdeck.test.
 */
export function requestViaProxy(opts: {
  path: string;
  method?: string;
  from: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: "127.0.0.1",
        port: proxy.port,
        servername: PROXY_HOST,
        localAddress: opts.from,
        ca: readFileSync(proxy.cert),
        agent: false,
        method: opts.method ?? "GET",
        path: opts.path,
        headers: { host: `${PROXY_HOST}:${proxy.port}`, ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

let attempts = 0;

/**
 * A sign-in with a wrong password from `from` (through nginx), as a browser on that machine would
 * send it; each for an email of its own, so only a limit per address can refuse it (not one per account).
 */
export function wrongSignIn(from: string, extraHeaders: Record<string, string> = {}) {
  const email = `nobody-${process.pid}-${++attempts}-${from.replaceAll(".", "-")}@quizdeck.test`;
  return requestViaProxy({
    path: "/api/auth/sign-in/email",
    method: "POST",
    from,
    headers: { "content-type": "application/json", origin: proxy.origin, ...extraHeaders },
    body: JSON.stringify({ email, password: "not-the-password" }),
  });
}
