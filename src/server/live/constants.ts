/** Where the live-game Socket.IO server listens, on the app's own port (docs/live-protocol.md). */
export const LIVE_SOCKET_PATH = "/api/live/socket.io";

/** The live server's counters, served on QUIZDECK_STATS_PORT (127.0.0.1 only) by src/server/stats-server.ts. */
export const LIVE_STATS_PATH = "/api/live/stats";

/** localStorage key holding a player's resume token for one game PIN. */
export const playerTokenKey = (pin: string) => `quizdeck.live.${pin}`;
