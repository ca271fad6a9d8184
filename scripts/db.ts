/**
 * npm run db:migrate | db:seed — apply migrations, or load the missing demo content, on the
 * configured database (DATABASE_URL or the PGlite folder), then close it.
 */
import { env } from "../src/env";
import { openDatabase } from "../src/db/client";
import { migrateDatabase } from "../src/db/migrate";
import { seedDemoContent } from "../src/db/seed";
import { claimDataDir, secondInstanceMessage } from "../src/server/instance-lock";

const command = process.argv[2];
if (command !== "migrate" && command !== "seed") {
  console.error("usage: tsx scripts/db.ts migrate|seed");
  process.exit(2);
}
const config = env();
// A server running on the same PGlite directory would be corrupted by a second opener.
const claim = config.DATABASE_URL || config.QUIZDECK_DATA_DIR.startsWith("memory://") ? null : claimDataDir(config.QUIZDECK_DATA_DIR);
if (claim && !claim.ok) {
  console.error(secondInstanceMessage(config.QUIZDECK_DATA_DIR, claim));
  process.exit(1);
}
const handle = await openDatabase(
  config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: config.QUIZDECK_DATA_DIR },
);
try {
  await migrateDatabase(handle);
  console.log(`migrations applied (${handle.kind})`);
  if (command === "seed") {
    const result = await seedDemoContent(handle.db);
    console.log(`demo content: ${result.quizzes} quizzes (${result.questions} questions) added`);
  }
} finally {
  await handle.close();
  if (claim?.ok) claim.release();
}
