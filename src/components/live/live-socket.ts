"use client";

import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "@/core/live/protocol";
import { LIVE_SOCKET_PATH } from "@/server/live/constants";

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One Socket.IO connection to this site's live server; it reconnects by itself, forever. The host
 * screen uses it; phones use player-socket.ts, which loads this only where WebSockets fail.
 */
export function connectLive(): LiveSocket {
  return io({
    path: LIVE_SOCKET_PATH,
    transports: ["websocket", "polling"],
    tryAllTransports: true,
    reconnectionDelay: 300,
    reconnectionDelayMax: 2000,
    randomizationFactor: 0.3,
  });
}

export { useRemaining } from "./use-remaining";
