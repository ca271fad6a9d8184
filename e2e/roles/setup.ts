import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The roles-desktop project's topology (docs/operations.md, "Pages and live games in separate
 * processes"): a web instance (QUIZDECK_ROLE=web) and a live instance (QUIZDECK_ROLE=live) of the
 * production build on one PostgreSQL database, with Redis, behind nginx configured by
 * deploy/nginx-cluster.conf. The browser reaches nginx as http://quizdeck.test:<portBase+20>: a
 * host name that is not loopback, over plain HTTP, with the shipped rate limits.
 */
export const ROLES_HOST = "quizdeck.test";

export function rolesSetup(portBase = Number(process.env.E2E_PORT_BASE ?? 3100)) {
  const nginxPort = portBase + 20;
  return {
    nginxPort,
    webPort: portBase + 21,
    livePort: portBase + 22,
    redisPort: portBase + 23,
    origin: `http://${ROLES_HOST}:${nginxPort}`,
    dir: path.join(tmpdir(), `quizdeck-e2e-roles-${portBase}`),
    dbName: `quizdeck_e2e_roles_${portBase}`,
  };
}
