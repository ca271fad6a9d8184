import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  // `server-only` throws outside React Server Components; tests are server code too.
  "server-only": path.resolve(import.meta.dirname, "src/test/empty.ts"),
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          // A timeout guards against a hang; it never measures speed. The heaviest table tests
          // (4,096 nicknames, every demo quiz through .apkg) take seconds on a busy 2-core machine,
          // and CI runs these tests beside the build.
          testTimeout: 30_000,
          include: ["src/core/**/*.test.ts", "src/server/**/*.test.ts", "src/*.test.ts", "src/i18n/**/*.test.ts", "src/components/**/*.test.ts", "scripts/*.test.ts"],
          exclude: ["**/node_modules/**", "**/*.db.test.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "db",
          // Server code that needs a real database: *.db.test.ts.
          include: ["src/db/**/*.test.ts", "src/server/**/*.db.test.ts"],
          // PGlite's initdb and the migrations, once for the run (src/test/pglite-templates.ts).
          globalSetup: ["src/test/pglite-templates.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite boots a WebAssembly Postgres per file; two at once is what 2 cores carry well.
          maxWorkers: 2,
        },
      },
    ],
  },
});
