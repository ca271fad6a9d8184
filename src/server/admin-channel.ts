import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { adminCommandSchema, type AdminCommand } from "@/core/admin";
import { errorFields, log } from "@/log";
import { AppError, toErrorBody } from "./errors";

/**
 * The running server's admin channel (docs/operations.md, "Administrators"). PGlite is one
 * process's database: while the server runs, its PGlite worker owns the data directory and a
 * second opener would corrupt it (src/server/instance-lock.ts). So `npm run admin` on a PGlite
 * instance whose server runs asks that server to run the command: the server listens on a port
 * of 127.0.0.1 only, chosen by the system, and writes the port and a random secret (32 bytes, new
 * at every start) to `admin-channel.json` in the data directory, readable by its owner only
 * (0600). Whoever can read that file can already read the database files beside it, so the
 * channel gives nobody anything they did not have; a request without the secret is refused.
 */
export const CHANNEL_FILE = "admin-channel.json";
export const CHANNEL_PATH = "/admin/command";
const MAX_BODY = 4 * 1024;

export type ChannelInfo = { pid: number; port: number; secret: string };

/** The channel file of a data directory, or null when there is none (or it cannot be read). */
export function readChannelInfo(dataDir: string): ChannelInfo | null {
  try {
    const info = JSON.parse(readFileSync(path.join(dataDir, CHANNEL_FILE), "utf8")) as Partial<ChannelInfo>;
    return typeof info.port === "number" && typeof info.secret === "string" && typeof info.pid === "number" ? (info as ChannelInfo) : null;
  } catch {
    return null;
  }
}

const sameSecret = (given: string, secret: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the channel; `run` carries a command out (as actor "cli") and throws AppError to refuse it. */
export async function startAdminChannel(dataDir: string, run: (command: AdminCommand) => Promise<unknown>): Promise<{ port: number; close(): void }> {
  const secret = randomBytes(32).toString("base64url");
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== "POST" || req.url !== CHANNEL_PATH) return send(res, 404, toErrorBody(new AppError("not_found")));
      const auth = req.headers.authorization ?? "";
      if (!auth.startsWith("Bearer ") || !sameSecret(auth.slice(7), secret)) return send(res, 401, toErrorBody(new AppError("unauthorized", "The admin channel's secret is wrong.")));
      const text = await readBody(req);
      if (text === null) return send(res, 413, toErrorBody(new AppError("payload_too_large")));
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return send(res, 400, toErrorBody(new AppError("bad_request")));
      }
      const parsed = adminCommandSchema.safeParse(json);
      if (!parsed.success) return send(res, 422, toErrorBody(new AppError("validation_failed", "That is not an admin command.")));
      try {
        const outcome = await run(parsed.data);
        log().info({ component: "admin", command: parsed.data.command, via: "cli" }, "admin command");
        send(res, 200, { outcome });
      } catch (err) {
        if (err instanceof AppError) return send(res, err.status, toErrorBody(err));
        log().error({ component: "admin", ...errorFields(err) }, "admin command failed");
        send(res, 500, toErrorBody(new AppError("internal_error")));
      }
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const file = path.join(dataDir, CHANNEL_FILE);
  // Written whole under another name first, then renamed: a reader never sees half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ pid: process.pid, port, secret } satisfies ChannelInfo), { mode: 0o600 });
  renameSync(tmp, file);
  return {
    port,
    close() {
      server.close();
      if (readChannelInfo(dataDir)?.pid === process.pid) {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      }
    },
  };
}
