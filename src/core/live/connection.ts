/**
 * How a browser reaches a live game and keeps its place in it: values the phones' and the host's
 * pages need, so they live in core rather than in the server (docs/live-protocol.md).
 */

/** Where the live-game Socket.IO server listens, on the app's own port (docs/live-protocol.md). */
export const LIVE_SOCKET_PATH = "/api/live/socket.io";

/** localStorage key holding a player's resume token for one game PIN. */
export const playerTokenKey = (pin: string) => `quizdeck.live.${pin}`;
