import { createHash, X509Certificate } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The reverse-proxy setup of the proxy-desktop project, shared by playwright.config.ts and its
 * specs: the app server on portBase+4 behind nginx with TLS on portBase+5 (e2e/proxy/nginx.mjs),
 * reached by the browser as https://quizdeck.test:<portBase+5>.
 */
export const PROXY_HOST = "quizdeck.test";

export function proxySetup(portBase = Number(process.env.E2E_PORT_BASE ?? 3100)) {
  const dir = path.join(tmpdir(), `quizdeck-e2e-proxy-${portBase}`);
  const port = portBase + 5;
  return {
    appPort: portBase + 4,
    port,
    origin: `https://${PROXY_HOST}:${port}`,
    /** nginx's files: configuration, certificate, logs (made by nginx.mjs). */
    dir,
    cert: path.join(dir, "cert.pem"),
    dataDir: path.join(tmpdir(), `quizdeck-e2e-proxy-data-${portBase}`),
  };
}

/**
 * The base64 SHA-256 of the certificate's public key, for Chromium's
 * --ignore-certificate-errors-spki-list: the browser accepts this one self-signed certificate and
 * no other. Null before nginx.mjs has made it (the runner's own process, which opens no browser).
 */
export function certSpkiHash(certFile: string): string | null {
  if (!existsSync(certFile)) return null;
  const spki = new X509Certificate(readFileSync(certFile)).publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(spki).digest("base64");
}
