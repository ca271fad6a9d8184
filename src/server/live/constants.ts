/** The live server's counters, served on QUIZDECK_STATS_PORT (127.0.0.1 only) by src/server/stats-server.ts. */
export const LIVE_STATS_PATH = "/api/live/stats";
