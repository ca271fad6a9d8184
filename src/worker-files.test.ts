import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runBundledWorkers, workerFile, type WorkerName } from "./worker-files";

const names: WorkerName[] = ["import-worker", "fsrs-worker", "pglite-worker"];

describe("workerFile", () => {
  afterEach(() => runBundledWorkers("")); // back to running from source

  it.each(names)("finds %s in the source tree", (name) => {
    const file = workerFile(name);
    expect(path.basename(file)).toBe(`${name}.mjs`);
    expect(existsSync(file)).toBe(true);
  });

  it("finds every worker beside the bundle once the bundle says where it is", () => {
    runBundledWorkers("/app/dist/server");
    expect(names.map(workerFile)).toEqual(names.map((n) => `/app/dist/server/${n}.mjs`));
  });
});
