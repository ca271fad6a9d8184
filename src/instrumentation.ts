/**
 * Runs once when the server starts: validates the configuration, then opens, migrates and seeds
 * the database before the first request, so a bad setting or an unreachable database shows up
 * at start-up and not on someone's first page view.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("./env");
  env();
  const { getDatabase } = await import("./db");
  const handle = await getDatabase();
  console.log(`[db] ready (${handle.kind})`);
}
