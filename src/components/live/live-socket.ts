"use client";

import { useEffect, useState } from "react";
import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents, Timing } from "@/core/live/protocol";
import { LIVE_SOCKET_PATH } from "@/server/live/constants";

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One Socket.IO connection to this site's live server; it reconnects by itself, forever. The
 * game's PIN rides on the connection's URL (`?pin=`): with several instances the load balancer
 * hashes it, so every socket of a game (host and players) reaches the instance that runs it
 * (docs/architecture.md, "Several instances").
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

/** Milliseconds left until the timing's next boundary, counted on this device from the server's numbers. */
export function useRemaining(timing: Timing | null): number | null {
  const [left, setLeft] = useState<number | null>(timing ? timing.remainingMs : null);
  useEffect(() => {
    if (!timing) {
      setLeft(null);
      return;
    }
    const start = performance.now();
    const tick = () => setLeft(timing.paused ? timing.remainingMs : Math.max(0, timing.remainingMs - (performance.now() - start)));
    tick();
    if (timing.paused) return;
    const id = setInterval(tick, 100);
    return () => clearInterval(id);
  }, [timing]);
  return left;
}
