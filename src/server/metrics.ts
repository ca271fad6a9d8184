import "server-only";
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import client from "prom-client";

/**
 * Prometheus metrics (docs/operations.md lists them). One registry per process, kept on
 * globalThis like the database: Next's bundles and the custom server each load this module.
 * Served at /metrics on the loopback stats port, and on the app's port only with a bearer token.
 */

/** What the gauges read when scraped; main.ts says where from. */
export type MetricSources = {
  live?: () => { games: number; players: number; connected: number };
  database?: () => DbUsage | undefined;
};
export type DbUsage = { kind: "pglite" | "postgres"; total: number; idle: number; waiting: number; max: number };

const seconds = (ms: number) => ms / 1000;
// Latencies from 1 ms to 10 s: a live game's acknowledgements sit around 10–300 ms.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function create() {
  const registry = new client.Registry();
  const sources: MetricSources = {};
  // Process metrics: CPU, memory, GC, open handles and event-loop delay (nodejs_eventloop_lag_*).
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const registers = [registry];
  const m = {
    registry,
    sources,
    httpDuration: new client.Histogram({
      name: "quizdeck_http_request_duration_seconds",
      help: "HTTP requests by method, route pattern and status, from arrival to the response's end.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    answerAck: new client.Histogram({
      name: "quizdeck_live_answer_ack_seconds",
      help: "From a phone's answer arriving to its acknowledgement (after the answer is stored).",
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    broadcast: new client.Histogram({
      name: "quizdeck_live_broadcast_seconds",
      help: "Writing one phase change to every phone of a game.",
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    commitDuration: new client.Histogram({
      name: "quizdeck_live_group_commit_duration_seconds",
      help: "One group commit of a live game (one transaction writing the answers that waited together).",
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    commitSize: new client.Histogram({
      name: "quizdeck_live_group_commit_answers",
      help: "Answers written by one group commit.",
      buckets: [0, 1, 2, 5, 10, 25, 50, 100, 250, 500],
      registers,
    }),
  };
  new client.Gauge({
    name: "quizdeck_live_games",
    help: "Live games held in this process's memory.",
    registers,
    collect() {
      this.set(sources.live?.().games ?? 0);
    },
  });
  new client.Gauge({
    name: "quizdeck_live_players",
    help: "Players of the live games in this process, by whether a socket of theirs is connected.",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const s = sources.live?.();
      this.set({ state: "connected" }, s?.connected ?? 0);
      this.set({ state: "disconnected" }, s ? s.players - s.connected : 0);
    },
  });
  new client.Gauge({
    name: "quizdeck_db_pool_connections",
    help: "Database connections by state, the live games' own included (PGlite: its two connections to its worker thread, busy from a query's or transaction's start to its end).",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const u = sources.database?.();
      this.set({ state: "idle" }, u?.idle ?? 0);
      this.set({ state: "busy" }, u ? u.total - u.idle : 0);
    },
  });
  new client.Gauge({
    name: "quizdeck_db_pool_waiting",
    help: "Queries waiting for a database connection (PGlite: for one of its two, each busy from a query's or transaction's start to its end).",
    registers,
    collect() {
      this.set(sources.database?.()?.waiting ?? 0);
    },
  });
  new client.Gauge({
    name: "quizdeck_db_pool_max",
    help: "The most database connections this process opens (DATABASE_POOL_MAX plus 4 for live games; PGlite: 2).",
    registers,
    collect() {
      this.set(sources.database?.()?.max ?? 0);
    },
  });
  return m;
}

type Metrics = ReturnType<typeof create>;
const KEY = Symbol.for("quizdeck.metrics");
const slot = globalThis as typeof globalThis & { [KEY]?: Metrics };

export function metrics(): Metrics {
  return (slot[KEY] ??= create());
}

/** Says where the gauges read live games and the database pool from. */
export function setMetricSources(s: MetricSources): void {
  Object.assign(metrics().sources, s);
}

export const observeMs = (h: client.Histogram, ms: number) => h.observe(seconds(ms));

/** The registry in Prometheus' text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const r = metrics().registry;
  return { contentType: r.contentType, body: await r.metrics() };
}

/** Whether an Authorization header carries this bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!m) return false;
  const given = Buffer.from(m[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Answers a scrape: 200 with the metrics, or a catalogue error. */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, token?: string): Promise<void> {
  if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
    res.writeHead(401, { "content-type": "application/json", "www-authenticate": 'Bearer realm="metrics"', "cache-control": "no-store" });
    res.end(JSON.stringify({ error: { code: "unauthorized", message: "A valid metrics token is needed." } }));
    return;
  }
  const { contentType, body } = await metricsText();
  res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" }).end(body);
}
