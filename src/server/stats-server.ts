import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { LIVE_STATS_PATH } from "./live/constants";

/**
 * The live server's counters (/api/live/stats) for operators and bench:live, on a port of their
 * own bound to 127.0.0.1 (QUIZDECK_STATS_PORT): never on the app's port, where a reverse proxy on
 * the same machine would make every visitor look local. `?reset=1` starts a new delay histogram.
 * /metrics there: the Prometheus metrics, without a token (only this machine reaches the port).
 */
export function startStatsServer(
  port: number,
  counters: (reset: boolean) => unknown,
  metrics?: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (metrics && req.method === "GET" && url.pathname === "/metrics") {
      metrics(req, res).catch(() => res.writeHead(500, { "content-type": "text/plain" }).end("metrics failed"));
      return;
    }
    if (req.method !== "GET" || url.pathname !== LIVE_STATS_PATH) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(counters(url.searchParams.get("reset") === "1")));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

export const statsPort = (server: Server) => (server.address() as AddressInfo).port;
