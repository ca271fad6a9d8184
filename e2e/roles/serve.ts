/**
 * Starts the roles-desktop project's servers (e2e/roles/setup.ts) with the cluster test's own
 * parts (scripts/cluster-parts.ts): a fresh PostgreSQL database, Redis, a web and a live instance,
 * and nginx sending the live-game path to the live one and everything else to the web one.
 * Playwright runs it as a webServer (playwright.config.ts) and stops it with SIGTERM.
 *
 *   TEST_DATABASE_URL=postgres://… node --import tsx e2e/roles/serve.ts
 */
import { mkdirSync, rmSync } from "node:fs";
import { clusterParts } from "../../scripts/cluster-parts";
import { rolesSetup } from "./setup";

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("[roles] TEST_DATABASE_URL must point at a PostgreSQL server: web and live instances share one database.");
  process.exit(1);
}
const s = rolesSetup();
rmSync(s.dir, { recursive: true, force: true });
mkdirSync(s.dir, { recursive: true });
const parts = clusterParts({
  dir: s.dir,
  nginxPort: s.nginxPort,
  appPorts: [s.webPort, s.livePort],
  redisPort: s.redisPort,
  serverUrl,
  dbName: s.dbName,
  publicUrl: s.origin,
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await parts.cleanUp();
  process.exit(code);
}
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));

try {
  await parts.freshDatabase();
  parts.startRedis();
  // The web instance migrates and loads the demo quizzes; the live one starts on the migrated database.
  const web = await parts.startApp(s.webPort, true, { QUIZDECK_ROLE: "web" });
  const live = await parts.startApp(s.livePort, false, { QUIZDECK_ROLE: "live" });
  await parts.startNginx({ live: [s.livePort], web: [s.webPort] });
  console.log(`[roles] ${s.origin}: nginx → web on ${s.webPort}, live games on ${s.livePort} (logs in ${s.dir})`);
  // An instance that dies ends the run: the tests must not go on against half a topology.
  for (const app of [web, live]) {
    app.child.on("exit", (code) => {
      if (stopping) return;
      console.error(`[roles] the instance on ${app.port} exited (${code}); its log: ${app.log}`);
      void stop(1);
    });
  }
} catch (err) {
  console.error(`[roles] could not start: ${err instanceof Error ? err.message : String(err)} (logs in ${s.dir})`);
  await stop(1);
}
