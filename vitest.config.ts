import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  // `server-only` throws outside React Server Components; tests are server code too.
  "server-only": path.resolve(import.meta.dirname, "src/test/empty.ts"),
};

/** Where the unit tests live (`npm run test:unit`: both unit projects). */
const unitFiles = ["src/core/**/*.test.ts", "src/server/**/*.test.ts", "src/*.test.ts", "src/i18n/**/*.test.ts", "src/components/**/*.test.ts", "scripts/*.test.ts"];

/** What both database projects share. */
const dbTests = {
  // PGlite's initdb and the migrations, once for the run (src/test/pglite-templates.ts).
  globalSetup: ["src/test/pglite-templates.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // PGlite boots a WebAssembly Postgres per file; two at once is what 2 cores carry well.
  maxWorkers: 2,
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
          include: unitFiles,
          exclude: ["**/node_modules/**", "**/*.db.test.ts", "**/*.isolated.test.ts"],
          // The files of a worker share one module graph: each file's imports are loaded once per
          // worker, not once per file, which halves the run's time and CPU (docs/benchmarks.md).
          // A test that sets the environment or mocks a module before importing what it tests is
          // named *.isolated.test.ts and runs in the project below, each file on its own.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "unit-isolated",
          testTimeout: 30_000,
          include: unitFiles.map((glob) => glob.replace(/\.test\.ts$/, ".isolated.test.ts")),
          exclude: ["**/node_modules/**"],
        },
      },
      {
        resolve: { alias },
        test: {
          ...dbTests,
          name: "db",
          // Server code that needs a real database: *.db.test.ts.
          include: ["src/db/**/*.test.ts", "src/server/**/*.db.test.ts"],
          exclude: ["**/node_modules/**", "**/*.isolated.db.test.ts"],
          // As in the unit project: one module graph per worker (docs/benchmarks.md).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          ...dbTests,
          // Database tests that mock a module or set the environment before importing.
          name: "db-isolated",
          include: ["src/server/**/*.isolated.db.test.ts"],
        },
      },
    ],
  },
});
