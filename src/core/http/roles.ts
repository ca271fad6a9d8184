/**
 * What one Quizdeck process serves (QUIZDECK_ROLE; docs/operations.md, "Pages and live games in
 * separate processes"). The same build runs as
 *   - `all`: pages, the API and live games (the default, and the only role on PGlite);
 *   - `web`: pages and the API; its live-game path is refused, the balancer sends it elsewhere;
 *   - `live`: live games (Socket.IO) only; every page and API path is refused.
 * Every role answers the probes (/api/health, /api/ready, and /metrics with its token), so a
 * balancer or an orchestrator checks each process the same way.
 */

export const ROLES = ["all", "web", "live"] as const;
export type Role = (typeof ROLES)[number];

/** What a request asks for: the live-game socket, a probe of the process, or a page/API route. */
export type RequestKind = "live" | "probe" | "page";

const PROBES = new Set(["/api/health", "/api/ready", "/metrics"]);

/** The kind of a request path (`pathname` without the query); `liveSocketPath` is Socket.IO's path. */
export function requestKind(pathname: string, liveSocketPath: string): RequestKind {
  if (pathname === liveSocketPath || pathname.startsWith(`${liveSocketPath}/`)) return "live";
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return PROBES.has(path) ? "probe" : "page";
}

export const runsLiveGames = (role: Role): boolean => role !== "web";
export const servesPages = (role: Role): boolean => role !== "live";

/**
 * The CPU priority (a nice value) a process of `role` takes unless QUIZDECK_NICE says otherwise:
 * a web process yields to a live one on the same machine, since a page can wait a few ms and a
 * live game's acknowledgements cannot; the others keep the priority they were started with.
 */
export const defaultNice = (role: Role): number => (role === "web" ? 10 : 0);

/** Whether a process of `role` answers a request of `kind` itself (otherwise: not_found, and why). */
export function serves(role: Role, kind: RequestKind): boolean {
  switch (kind) {
    case "probe":
      return true;
    case "live":
      return runsLiveGames(role);
    case "page":
      return servesPages(role);
  }
}

/** Why a request reached the wrong process: the error's message, for the operator reading it. */
export function misroutedMessage(role: Role, kind: RequestKind): string {
  return kind === "live"
    ? `This instance does not run live games (QUIZDECK_ROLE=${role}): the reverse proxy must send the live-game path to an instance with QUIZDECK_ROLE=live or all.`
    : `This instance runs live games only (QUIZDECK_ROLE=${role}): the reverse proxy must send pages and the API to an instance with QUIZDECK_ROLE=web or all.`;
}
