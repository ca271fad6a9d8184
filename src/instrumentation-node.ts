// Validates the configuration, then opens, migrates and seeds the database before the first
// request, so a bad setting or an unreachable database shows up at start-up and not on someone's
// first page view.
import { env } from "./env";
import { getDatabase } from "./db";

env();
const handle = await getDatabase();
console.log(`[db] ready (${handle.kind})`);
