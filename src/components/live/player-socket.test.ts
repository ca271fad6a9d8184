import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket as ServerSocket } from "socket.io";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { LIVE_SOCKET_PATH } from "@/core/live/connection";
import type { LiveSocket } from "./live-socket";
import { connectPlayer } from "./player-socket";

/**
 * The phone's own Socket.IO client (player-socket.ts) against a real Socket.IO server configured
 * like ours (path, heartbeat, Socket.IO's own acknowledgements): events both ways,
 * acknowledgements, timeouts, buffering while offline, reconnection, and no reconnection when the
 * server ends the connection. Node 20 has no WebSocket of its own: `ws` stands in for the browser's.
 */
const g = globalThis as unknown as { WebSocket: unknown; location: { protocol: string; host: string } };

describe("connectPlayer", () => {
  let http: HttpServer;
  let io: Server;
  const serverSockets: ServerSocket[] = [];
  const clients: LiveSocket[] = [];

  beforeAll(async () => {
    g.WebSocket = WebSocket;
    http = createServer();
    io = new Server(http, { path: LIVE_SOCKET_PATH, serveClient: false, perMessageDeflate: false, pingInterval: 200, pingTimeout: 200 });
    io.on("connection", (s) => {
      serverSockets.push(s);
      s.on("echo", (payload: unknown, ack?: (r: unknown) => void) => ack?.({ ok: true, payload }));
      s.on("silent", () => {});
      s.on("ask", () => void s.emit("question", { n: 1 }, (answer: unknown) => s.emit("answered", answer)));
    });
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    g.location = { protocol: "http:", host: `127.0.0.1:${(http.address() as AddressInfo).port}` };
  });

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    io.disconnectSockets(true);
    await new Promise<void>((r) => void io.close(() => r()));
  });

  const untyped = (s: LiveSocket) => s as unknown as { emit: (...a: unknown[]) => void; on: (e: string, f: (...a: unknown[]) => void) => void; timeout: (ms: number) => { emit: (...a: unknown[]) => void } };
  const once = (s: LiveSocket, event: string) => new Promise<unknown[]>((r) => untyped(s).on(event, (...a) => r(a)));
  function connect() {
    const s = connectPlayer("123456");
    clients.push(s);
    return s;
  }
  const serverOf = async () => {
    while (serverSockets.length === 0) await new Promise((r) => setTimeout(r, 5));
    return serverSockets.at(-1)!;
  };

  it("connects, emits with and without acknowledgements, and hears server events", async () => {
    const s = connect();
    await once(s, "connect");
    expect(s.connected).toBe(true);
    const reply = await new Promise((r) => untyped(s).emit("echo", { text: "Ünïcødé ✓ \"q\"" }, r));
    expect(reply).toEqual({ ok: true, payload: { text: "Ünïcødé ✓ \"q\"" } });
    const [err, timed] = await new Promise<unknown[]>((r) => untyped(s).timeout(2000).emit("echo", 7, (...a: unknown[]) => r(a)));
    expect([err, timed]).toEqual([null, { ok: true, payload: 7 }]);
    const timedOut = await new Promise<unknown[]>((r) => untyped(s).timeout(100).emit("silent", {}, (...a: unknown[]) => r(a)));
    expect(timedOut[0]).toBeInstanceOf(Error);

    // An event the server wants acknowledged.
    untyped(s).on("question", (_q, ack) => (ack as (a: unknown) => void)("forty-two"));
    const answered = once(s, "answered");
    untyped(s).emit("ask");
    expect(await answered).toEqual(["forty-two"]);
    s.disconnect();
  });

  it("stays connected through the server's heartbeats", async () => {
    const s = connect();
    await once(s, "connect");
    let drops = 0;
    untyped(s).on("disconnect", () => drops++);
    await new Promise((r) => setTimeout(r, 1000)); // five ping intervals
    expect(drops).toBe(0);
    expect(s.connected).toBe(true);
    s.disconnect();
  });

  it("reconnects after the connection drops and sends what was emitted meanwhile", async () => {
    const s = connect();
    await once(s, "connect");
    const server = await serverOf();
    const dropped = once(s, "disconnect");
    server.conn.close(); // the transport goes away, as on a network change
    await dropped;
    expect(s.connected).toBe(false);
    const back = once(s, "connect");
    const reply = new Promise((r) => untyped(s).emit("echo", "queued", r));
    await back;
    expect(await reply).toEqual({ ok: true, payload: "queued" });
    s.disconnect();
  });

  it("does not reconnect when the server ends the connection itself", async () => {
    const s = connect();
    await once(s, "connect");
    const server = await serverOf();
    const count = serverSockets.length;
    const [reason] = await Promise.all([once(s, "disconnect"), Promise.resolve(server.disconnect(true))]);
    expect(reason).toEqual(["io server disconnect"]);
    await new Promise((r) => setTimeout(r, 800));
    expect(s.connected).toBe(false);
    expect(serverSockets.length).toBe(count);
  });

  it("hands over to socket.io-client (which can poll) where WebSockets never open", async () => {
    // A network that refuses WebSockets: every attempt closes before opening.
    class Refused {
      readyState = 0;
      onclose: (() => void) | null = null;
      onmessage: unknown = null;
      constructor() {
        setTimeout(() => this.onclose?.(), 10);
      }
      send() {}
      close() {}
    }
    g.WebSocket = Refused;
    try {
      const s = connect();
      const reply = new Promise((r) => untyped(s).emit("echo", "through the fallback", r));
      await once(s, "connect");
      expect(s.connected).toBe(true);
      expect(await reply).toEqual({ ok: true, payload: "through the fallback" });
      s.disconnect();
    } finally {
      g.WebSocket = WebSocket;
    }
  });
});
