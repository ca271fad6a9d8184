/** Where the live-game Socket.IO server listens, on the app's own port (docs/live-protocol.md). */
export const LIVE_SOCKET_PATH = "/api/live/socket.io";

/** The custom server answers this with the live server's counters (loopback only; bench:live reads it). */
export const LIVE_STATS_PATH = "/api/live/stats";

/** localStorage key holding a player's resume token for one game PIN. */
export const playerTokenKey = (pin: string) => `quizdeck.live.${pin}`;
