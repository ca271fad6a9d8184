import type { LiveSocket } from "./live-socket";
import { LIVE_SOCKET_PATH } from "@/core/live/connection";

/**
 * The phone's live connection: Socket.IO's protocol spoken straight over one WebSocket (~1.5 kB gz
 * instead of socket.io-client's ~13 kB, which phones on a slow network paid for before they could
 * see the lobby). It behaves like socket.io-client where player-game.tsx relies on it: events and
 * acknowledgements, `timeout(ms).emit`, emits buffered while disconnected, reconnection with
 * backoff (300 ms up to 2 s, ±30 %), the server's heartbeat, and no reconnection after the server
 * ends the connection itself. Where WebSockets do not get through at all (a proxy that blocks
 * them), it hands over to socket.io-client, loaded then, which falls back to HTTP long-polling.
 * The server is Socket.IO's (src/server/live/socket.ts); e2e/live.spec.ts and the lan specs play
 * whole games through this. The game's PIN rides on the URL, as with connectLive, for the load
 * balancer of several instances.
 */
type Listener = (...args: unknown[]) => void;
type Ack = { fn: Listener; ms: number | null; timer?: ReturnType<typeof setTimeout> };

/** WebSocket attempts that never opened before giving up on WebSockets altogether. */
const WEBSOCKET_TRIES = 2;

export function connectPlayer(pin: string): LiveSocket {
  const handlers = new Map<string, Set<Listener>>();
  const acks = new Map<number, Ack>();
  let buffer: unknown[][] = [];
  let ws: WebSocket | null = null;
  let connected = false;
  let stopped = false;
  let everConnected = false;
  let failures = 0;
  let attempt = 0;
  let nextId = 0;
  let heartbeat: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let fallback: LiveSocket | null = null;

  const fire = (event: string, ...args: unknown[]) => handlers.get(event)?.forEach((fn) => fn(...args));

  const send = (args: unknown[], ack?: Ack) => {
    let id = "";
    if (ack) {
      const n = nextId++;
      acks.set(n, ack);
      id = String(n);
    }
    ws!.send(`42${id}${JSON.stringify(args)}`);
  };

  const emitWith = (timeoutMs: number | null, args: unknown[]) => {
    if (fallback) {
      const target = timeoutMs === null ? fallback : fallback.timeout(timeoutMs);
      (target.emit as (...a: unknown[]) => unknown)(...args);
      return;
    }
    const last = args.at(-1);
    const payload = typeof last === "function" ? args.slice(0, -1) : args;
    let ack: Ack | undefined;
    if (typeof last === "function") {
      ack = { fn: last as Listener, ms: timeoutMs };
      if (timeoutMs !== null) {
        const a = ack;
        a.timer = setTimeout(() => {
          for (const [id, x] of acks) if (x === a) acks.delete(id);
          buffer = buffer.filter((b) => b[1] !== a);
          a.fn(new Error("operation has timed out"));
        }, timeoutMs);
      }
    }
    if (connected && ws) send(payload, ack);
    else buffer.push([payload, ack]);
  };

  const onAck = (ack: Ack, args: unknown[]) => {
    clearTimeout(ack.timer);
    if (ack.ms !== null) ack.fn(null, ...args);
    else ack.fn(...args);
  };

  /** A Socket.IO packet (the part after Engine.IO's "4"); only the default namespace is used. */
  const onPacket = (packet: string) => {
    const type = packet[0];
    if (type === "0") {
      connected = true;
      everConnected = true;
      attempt = 0;
      fire("connect");
      const queued = buffer;
      buffer = [];
      for (const [payload, ack] of queued) send(payload as unknown[], ack as Ack | undefined);
    } else if (type === "1") {
      // The server ended this connection (a kicked player, a server shutting down): like
      // socket.io-client, no reconnection.
      stopped = true;
      ws?.close();
    } else if (type === "2" || type === "3") {
      const m = /^(\d*)(\[[\s\S]*)$/.exec(packet.slice(1));
      if (!m) return;
      const args = JSON.parse(m[2]!) as unknown[];
      const id = m[1] ? Number(m[1]) : null;
      if (type === "3") {
        const ack = id !== null ? acks.get(id) : undefined;
        if (ack && id !== null) {
          acks.delete(id);
          onAck(ack, args);
        }
        return;
      }
      const [event, ...rest] = args as [string, ...unknown[]];
      if (id !== null) {
        let sent = false;
        rest.push((...reply: unknown[]) => {
          if (sent || ws?.readyState !== WebSocket.OPEN) return;
          sent = true;
          ws.send(`43${id}${JSON.stringify(reply)}`);
        });
      }
      fire(event, ...rest);
    } else if (type === "4") {
      fire("connect_error", new Error(packet.slice(1)));
    }
  };

  const switchToPolling = () => {
    void import("./live-socket").then(({ connectLive }) => {
      if (stopped) return;
      const socket = connectLive(pin);
      for (const [event, fns] of handlers) for (const fn of fns) socket.on(event as "connect", fn as () => void);
      fallback = socket;
      const queued = buffer;
      buffer = [];
      for (const [payload, ack] of queued) {
        const a = ack as Ack | undefined;
        clearTimeout(a?.timer);
        emitWith(a?.ms ?? null, a ? [...(payload as unknown[]), a.fn] : (payload as unknown[]));
      }
    });
  };

  const open = () => {
    if (stopped || fallback) return;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${LIVE_SOCKET_PATH}/?EIO=4&transport=websocket&pin=${encodeURIComponent(pin)}`;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      switchToPolling();
      return;
    }
    ws = socket;
    let opened = false;
    let pingWindow = 60_000;
    const arm = () => {
      clearTimeout(heartbeat);
      // No ping from the server in its interval plus its timeout: the connection is gone.
      heartbeat = setTimeout(() => socket.close(), pingWindow);
    };
    socket.onmessage = (e: MessageEvent) => {
      const data = String(e.data);
      if (data[0] === "0") {
        opened = true;
        const info = JSON.parse(data.slice(1)) as { pingInterval?: number; pingTimeout?: number };
        pingWindow = (info.pingInterval ?? 25_000) + (info.pingTimeout ?? 20_000);
        arm();
        socket.send("40");
      } else if (data[0] === "2") {
        socket.send("3");
        arm();
      } else if (data[0] === "4") onPacket(data.slice(1));
      else if (data[0] === "1") socket.close();
    };
    socket.onclose = () => {
      if (ws !== socket) return;
      ws = null;
      clearTimeout(heartbeat);
      const was = connected;
      connected = false;
      for (const [id, ack] of acks) {
        acks.delete(id);
        clearTimeout(ack.timer);
        if (ack.ms !== null) ack.fn(new Error("socket has been disconnected"));
      }
      if (was) fire("disconnect", stopped ? "io server disconnect" : "transport close");
      if (stopped) return;
      if (!opened && !everConnected && ++failures >= WEBSOCKET_TRIES) {
        switchToPolling();
        return;
      }
      const delay = Math.min(300 * 2 ** attempt++, 2000) * (1 + (Math.random() * 2 - 1) * 0.3);
      retry = setTimeout(open, delay);
    };
  };

  const api = {
    get connected() {
      return fallback ? fallback.connected : connected;
    },
    on(event: string, fn: Listener) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      fallback?.on(event as "connect", fn as () => void);
      return api;
    },
    emit(...args: unknown[]) {
      emitWith(null, args);
      return api;
    },
    timeout(ms: number) {
      return { emit: (...args: unknown[]) => emitWith(ms, args) };
    },
    disconnect() {
      stopped = true;
      clearTimeout(retry);
      if (fallback) fallback.disconnect();
      else if (ws) {
        if (ws.readyState === WebSocket.OPEN) ws.send("41");
        ws.close();
      }
      return api;
    },
  };
  open();
  return api as unknown as LiveSocket;
}
