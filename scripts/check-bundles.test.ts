import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `npm run check:bundles` on small fake builds: a page's chunks (random bytes, which gzip does not
// shrink) of a given size, with or without a module's marker. The budgets are the script's own.

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

type FakePage = { kB: number; marker?: string };

/** A `.next` with what check-bundles reads: the routes, the root's chunk and each page's client reference manifest. */
function fakeBuild(pages: Record<string, FakePage>): string {
  const dist = mkdtempSync(path.join(tmpdir(), "check-bundles-"));
  roots.push(dist);
  const write = (file: string, data: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), data);
  };
  write("build-manifest.json", JSON.stringify({ rootMainFiles: ["static/chunks/main.js"] }));
  write("static/chunks/main.js", "/* Next's runtime */");
  write("app-path-routes-manifest.json", JSON.stringify(Object.fromEntries(Object.keys(pages).map((p) => [p, p.replace(/\/page$/, "") || "/"]))));
  Object.entries(pages).forEach(([page, { kB, marker }], i) => {
    const chunk = `static/chunks/page-${i}.js`;
    write(chunk, Buffer.concat([Buffer.from(marker ?? ""), randomBytes(Math.round(kB * 1000))]));
    const manifest = { clientModules: { [`${page}#client`]: { chunks: [String(i), `/_next/${chunk}`] } } };
    write(`server/app${page}_client-reference-manifest.js`, `globalThis.__RSC_MANIFEST=(globalThis.__RSC_MANIFEST||{});globalThis.__RSC_MANIFEST[${JSON.stringify(page)}]=${JSON.stringify(manifest)};`);
  });
  return dist;
}

function checkBundles(dist: string) {
  const run = spawnSync(process.execPath, [path.resolve(import.meta.dirname, "check-bundles.mjs"), "--list"], {
    env: { ...process.env, QUIZDECK_NEXT_DIST_DIR: dist },
    encoding: "utf8",
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe("check:bundles", () => {
  it("passes pages under their budgets and without server-only modules", () => {
    const run = checkBundles(fakeBuild({ "/study/[slug]/page": { kB: 100 }, "/me/page": { kB: 100 }, "/join/page": { kB: 100 } }));
    expect(run.out).toContain("client bundles clean");
    expect(run.status).toBe(0);
  });

  it.each(["/study/[slug]/page", "/study/page", "/me/page", "/quiz/[slug]/challenge/page", "/create/page", "/quiz/[slug]/edit/page"])("fails %s over its budget", (page) => {
    const run = checkBundles(fakeBuild({ [page]: { kB: 400 } }));
    expect(run.status).toBe(1);
    expect(run.out).toMatch(new RegExp(`${page.replace(/[[\]/]/g, "\\$&")}: 400\\.\\d kB of JS gzipped, over its budget of \\d+(\\.\\d)? kB`));
  });

  it.each(["/study/[slug]/page", "/study/page", "/me/page", "/quiz/[slug]/challenge/page", "/create/page", "/quiz/[slug]/edit/page", "/join/page"])("fails %s when zod comes back", (page) => {
    const run = checkBundles(fakeBuild({ [page]: { kB: 10, marker: 'class x{static name="$ZodType"}' } }));
    expect(run.status).toBe(1);
    expect(run.out).toContain(`${page}: ships zod`);
  });
});
