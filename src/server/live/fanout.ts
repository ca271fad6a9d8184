import "server-only";
import type { Socket as NetSocket } from "node:net";
import { Server, type Socket } from "socket.io";

/**
 * Writing one Socket.IO event to many sockets with as little work per socket as the wire allows:
 * the `direct` fanout, taken only with QUIZDECK_LIVE_FANOUT=direct (the default is Socket.IO's own
 * broadcast; docs/benchmarks.md has the paired runs that decided it).
 *
 * A broadcast to 2,000 phones is bounded by what each socket costs: Socket.IO's room broadcast
 * encodes the packet once, but then every socket still goes through Engine.IO's packet queue,
 * its events and `ws`'s corked two-buffer write (a `writev`). Here the whole WebSocket frame is
 * made once, as one buffer, and written straight to each connection's TCP socket, which is what
 * `ws` itself does at the end of that path. It measured ~14 ms less per broadcast to 2,000
 * sockets on the development machine (docs/benchmarks.md).
 *
 * The straight write is taken only where it cannot overtake or interleave with anything that
 * Engine.IO or `ws` holds for that socket: an open WebSocket transport, nothing queued in
 * Engine.IO or in `ws`'s sender, no upgrade under way. Any other socket (long-polling, a backlog,
 * a Socket.IO version whose internals differ) gets the ordinary `socket.emit`, so a message is
 * never lost or reordered; `fanout.test.ts` fails if the straight path stops being taken.
 */

export type FanoutMode = "standard" | "direct";

let defaultAdapter: unknown = null;

/**
 * The way messages go out, from the setting (QUIZDECK_LIVE_FANOUT) and the namespace's adapter.
 * The straight write goes around the adapter: with any adapter but Socket.IO's in-memory default
 * (Redis, or the session-aware one of connection-state recovery) a message written straight would
 * never reach the other servers, or the recovery buffer, so such a server always takes the
 * standard path, and says so once in the log.
 */
export function fanoutMode(requested: FanoutMode, adapter: object, warn: (message: string) => void = () => {}): FanoutMode {
  if (requested !== "direct") return "standard";
  // The class a bare Server gives its namespaces when nobody sets an adapter.
  defaultAdapter ??= new Server().of("/").adapter.constructor;
  if (adapter.constructor === defaultAdapter) return "direct";
  warn(`QUIZDECK_LIVE_FANOUT=direct ignored: Socket.IO adapter ${adapter.constructor.name} is in use; messages go through Socket.IO's own broadcast`);
  return "standard";
}

/** The parts of Socket.IO 4 / Engine.IO 6 / ws 8 that the straight write depends on. */
type Internals = {
  conn?: {
    readyState?: string;
    upgrading?: boolean;
    writeBuffer?: unknown[];
    transport?: {
      name?: string;
      writable?: boolean;
      perMessageDeflate?: unknown;
      socket?: { readyState?: number; _socket?: NetSocket; _sender?: { _state?: number; _queue?: unknown[] } };
    };
  };
};

/** Counts for /api/live/stats and the tests: straight writes and fallbacks to `socket.emit`. */
export const fanoutCounters = { direct: 0, fallback: 0, directAcks: 0 };

/** The TCP socket to write to directly, or null when the ordinary path must be taken. */
function directSocket(socket: Socket): NetSocket | null {
  const conn = (socket as unknown as Internals).conn;
  if (!conn || conn.readyState !== "open" || conn.upgrading || !conn.writeBuffer || conn.writeBuffer.length > 0) return null;
  const t = conn.transport;
  if (!t || t.name !== "websocket" || t.writable !== true || t.perMessageDeflate) return null;
  const ws = t.socket;
  if (!ws || ws.readyState !== 1) return null;
  const sender = ws._sender;
  if (!sender || sender._state !== 0 || !Array.isArray(sender._queue) || sender._queue.length > 0) return null;
  const raw = ws._socket;
  if (!raw || raw.destroyed || !raw.writable) return null;
  return raw;
}

/**
 * One unmasked, final WebSocket text frame (RFC 6455 §5.2) carrying an Engine.IO "message"
 * packet ("4") of a Socket.IO EVENT packet ("2") on the main namespace: `42["event",payload]`,
 * byte for byte what Socket.IO sends for `socket.emit(event, payload)`.
 */
export function eventFrame(event: string, payload: unknown): Buffer {
  return textFrame(`42${JSON.stringify([event, payload])}`);
}

/** The frame of a Socket.IO ACK packet ("3") of the main namespace: `43<id>[args…]`. */
export function ackFrame(id: number, args: unknown[]): Buffer {
  return textFrame(`43${id}${JSON.stringify(args)}`);
}

function textFrame(text: string): Buffer {
  const body = Buffer.from(text);
  const n = body.length;
  const headerLength = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + n);
  frame[0] = 0x81; // FIN + text
  if (n < 126) {
    frame[1] = n;
  } else if (n < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    frame.writeUInt32BE(n >>> 0, 6);
  }
  body.copy(frame, headerLength);
  return frame;
}

/** Sends `event` with `payload` to every socket given: one frame made once, written to each. */
export function emitToAll(sockets: Iterable<Socket>, event: string, payload: unknown): void {
  let frame: Buffer | null = null;
  for (const socket of sockets) {
    const raw = directSocket(socket);
    if (raw) {
      frame ??= eventFrame(event, payload);
      raw.write(frame);
      fanoutCounters.direct++;
    } else {
      (socket.emit as (e: string, p: unknown) => boolean)(event, payload);
      fanoutCounters.fallback++;
    }
  }
}

/** Socket.IO 4's packet writer of one socket (private API: `Socket.prototype.packet`). */
type PacketWriter = { packet?: (packet: { type: number; id?: number; data?: unknown }, opts?: unknown) => void; nsp?: { name?: string } };
const ACK = 3; // socket.io-parser's PacketType.ACK

/**
 * Acknowledgements of this socket (the replies to `player:answer` and the other events, all plain
 * JSON) go out as one straight write when `directSocket` allows it, as the broadcasts do; at 2,000
 * answers a second Socket.IO's per-packet path (encoder, Engine.IO's queue, `ws`'s sender) was
 * ~10% of the server's time. Anything else, or a socket that cannot take the straight write, goes
 * through Socket.IO's own `packet`, unchanged.
 */
export function writeAcksDirectly(socket: Socket): void {
  const s = socket as unknown as PacketWriter;
  const original = s.packet;
  if (typeof original !== "function" || s.nsp?.name !== "/") return;
  s.packet = function (this: unknown, packet, opts) {
    if (packet.type === ACK && typeof packet.id === "number" && Array.isArray(packet.data)) {
      const raw = directSocket(socket);
      if (raw) {
        raw.write(ackFrame(packet.id, packet.data));
        fanoutCounters.directAcks++;
        return;
      }
    }
    original.call(this, packet, opts);
  };
}
