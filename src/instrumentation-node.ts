// Validates the configuration, then opens, migrates and seeds the database before the first
// request, so a bad setting or an unreachable database shows up at start-up and not on someone's
// first page view. An unreachable database is logged, not thrown: a throw here would make Next
// answer 500 to everything for the life of the process, while getDatabase() tries again on the
// next request and /api/health can say 503 meanwhile.
import { env } from "./env";
import { getDatabase } from "./db";
import { log } from "./log";

env();
try {
  const handle = await getDatabase();
  log().info({ component: "db", database: handle.kind }, `database ready (${handle.kind})`);
} catch (err) {
  log().error({ component: "db", err: err instanceof Error ? err.message : String(err) }, "database not available at start-up");
}
