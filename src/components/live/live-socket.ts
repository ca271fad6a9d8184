"use client";

import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "@/core/live/protocol";
import { LIVE_SOCKET_PATH } from "@/core/live/connection";

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One Socket.IO connection to this site's live server; it reconnects by itself, forever. The
 * game's PIN rides on the connection's URL (`?pin=`): with several instances the load balancer
 * hashes it, so every socket of a game (host and players) reaches the instance that runs it
 * (docs/architecture.md, "Several instances").
 * The host screen uses it; phones use player-socket.ts, which loads this only where WebSockets fail.
 */
export function connectLive(pin: string): LiveSocket {
  return io({
    path: LIVE_SOCKET_PATH,
    query: { pin },
    transports: ["websocket", "polling"],
    tryAllTransports: true,
    reconnectionDelay: 300,
    reconnectionDelayMax: 2000,
    randomizationFactor: 0.3,
  });
}
