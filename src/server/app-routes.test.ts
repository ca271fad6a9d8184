import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appRouteOfFile } from "@/core/http/route-pattern";
import { APP_ROUTES } from "./app-routes";

const appDir = path.resolve(import.meta.dirname, "../app");

describe("APP_ROUTES", () => {
  it("lists exactly the routes that src/app serves", () => {
    const files = readdirSync(appDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(appDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    const served = [...new Set(files.map(appRouteOfFile).filter((route): route is string => route !== null))].sort();
    expect(APP_ROUTES, `src/server/app-routes.ts should list:\n${JSON.stringify(served, null, 2)}`).toEqual(served);
  });
});
