import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import { LIVE_SOCKET_PATH } from "../core/live/connection";

/**
 * A Socket.IO client of the live games' endpoint, for the tests, the cluster test and the
 * benchmarks: WebSocket only and a connection of its own (`forceNew`), as the app's client
 * connects; no reconnection unless asked for.
 */
export type LiveSocketOptions = {
  /** The Cookie header (a host's session). */
  cookie?: string;
  /** Other headers (Origin, a forged cookie); `cookie` is added to them. */
  headers?: Record<string, string>;
  /** The game's PIN in the query, as the app's client sends it (the balancer routes on it). */
  pin?: string;
  /** Reconnect as the app's client does (the cluster test's bots ride out an instance's death). */
  reconnection?: { delayMs: number; maxDelayMs: number };
  /** Give up connecting after this long (socket.io-client's default is 20 s). */
  timeoutMs?: number;
  /** The local address to connect from (a phone of its own behind one school address). */
  localAddress?: string;
};

export function liveSocket<S extends Socket = Socket>(origin: string, options: LiveSocketOptions = {}): S {
  const { cookie, headers, pin, reconnection, timeoutMs, localAddress } = options;
  const extraHeaders = { ...headers, ...(cookie ? { cookie } : {}) };
  const settings: Partial<ManagerOptions & SocketOptions> & { localAddress?: string } = {
    path: LIVE_SOCKET_PATH,
    transports: ["websocket"],
    forceNew: true,
    reconnection: Boolean(reconnection),
    ...(reconnection ? { reconnectionDelay: reconnection.delayMs, reconnectionDelayMax: reconnection.maxDelayMs } : {}),
    ...(timeoutMs ? { timeout: timeoutMs } : {}),
    ...(pin ? { query: { pin } } : {}),
    ...(Object.keys(extraHeaders).length > 0 ? { extraHeaders } : {}),
    // Passed on to Node's WebSocket client (the `ws` package) with the other options.
    ...(localAddress ? { localAddress } : {}),
  };
  return io(origin, settings) as S;
}

/** `liveSocket`, resolved once connected; rejected with the first connection error. */
export function connectLive<S extends Socket = Socket>(origin: string, options: LiveSocketOptions = {}): Promise<S> {
  const socket = liveSocket<S>(origin, options);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** An event with an acknowledgement: the server's answer, whatever its shape. */
export function emitAck<T>(socket: Socket, event: string, payload: object): Promise<T> {
  return new Promise((resolve) => (socket.emit as (e: string, p: object, ack: (r: T) => void) => void)(event, payload, resolve));
}
