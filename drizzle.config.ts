import { defineConfig } from "drizzle-kit";

// Used only by `npm run db:generate` to write SQL migrations from the schema; the app applies them
// itself at start-up (src/db/migrate.ts), on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./src/db/migrations",
});
