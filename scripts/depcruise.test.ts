import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cruiseLayers } from "./depcruise.mjs";

// The layer rules of .dependency-cruiser.cjs, run on small fixture trees: each broken rule is
// found by name, and the imports the layers allow pass.

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A fixture repository: a tsconfig with the `@/` alias and the given files under it. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "depcruise-"));
  roots.push(root);
  const all = { "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./src/*"] } } }), ...files };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The rule broken by each violating import, as "rule: from → to". */
async function violations(files: Record<string, string>): Promise<string[]> {
  const result = await cruiseLayers(["src"], { root: fixture(files), cache: false });
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

describe("the layer rules (.dependency-cruiser.cjs)", { timeout: 60_000 }, () => {
  it("rejects a client component importing src/server, even a type, and what a client module imports", async () => {
    expect(
      await violations({
        "src/server/secret.ts": 'import "server-only";\nexport type Secret = { key: string };\nexport const secret = "s";\n',
        "src/server/actions/save.ts": '"use server";\nexport async function save() {}\n',
        "src/components/helper.ts": 'import { secret } from "@/server/secret";\nexport const helper = secret;\n',
        "src/components/widget.tsx":
          '"use client";\nimport type { Secret } from "@/server/secret";\nimport { save } from "@/server/actions/save";\nimport { helper } from "./helper";\nexport const widget = (s: Secret) => [s, save, helper];\n',
        // A server component may import src/server: it is not reached from a client module.
        "src/components/panel.tsx": 'import { secret } from "@/server/secret";\nexport const panel = secret;\n',
      }),
    ).toEqual([
      "client-imports-no-server: src/components/helper.ts → src/server/secret.ts",
      "client-imports-no-server: src/components/widget.tsx → src/server/secret.ts",
    ]);
  });

  it("rejects an import cycle made only of type imports", async () => {
    expect(
      await violations({
        "src/core/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
        "src/core/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
      }),
    ).toEqual(["no-circular: src/core/a.ts → src/core/b.ts"]);
  });

  it("rejects src/db in pages and server components: they go through src/server", async () => {
    expect(
      await violations({
        "src/db/index.ts": 'import "server-only";\nexport const getDb = async () => ({});\n',
        "src/server/quizzes.ts": 'import "server-only";\nimport { getDb } from "@/db";\nexport const quizzes = async () => [await getDb()];\n',
        "src/app/page.tsx": 'import { getDb } from "@/db";\nimport { quizzes } from "@/server/quizzes";\nexport default async function Page() { return [await getDb(), await quizzes()]; }\n',
        "src/app/ok/page.tsx": 'import { quizzes } from "@/server/quizzes";\nexport default async function Page() { return quizzes(); }\n',
        "src/components/panel.tsx": 'import type { getDb } from "@/db";\nexport type Panel = typeof getDb;\n',
      }),
    ).toEqual([
      "app-reaches-data-through-server: src/app/page.tsx → src/db/index.ts",
      "app-reaches-data-through-server: src/components/panel.tsx → src/db/index.ts",
    ]);
  });

  it("keeps src/core pure: core only, no framework or Node built-in, rules apart from HTTP policy", async () => {
    expect(
      await violations({
        "src/server/clock.ts": "export const now = () => 0;\n",
        "src/core/http/origin.ts": "export const origin = 'x';\n",
        "src/core/rule.ts":
          'import { now } from "@/server/clock";\nimport { useState } from "react";\nimport { readFileSync } from "node:fs";\nimport { origin } from "./http/origin";\nexport const rule = [now, useState, readFileSync, origin];\n',
        // Tests may import anything.
        "src/core/rule.test.ts": 'import { now } from "@/server/clock";\nimport { rule } from "./rule";\nexport const t = [now, rule];\n',
      }),
    ).toEqual([
      "core-imports-no-framework: src/core/rule.ts → react",
      "core-imports-no-node-builtins: src/core/rule.ts → fs",
      "core-imports-only-core: src/core/rule.ts → src/server/clock.ts",
      "core-rules-no-http-policy: src/core/rule.ts → src/core/http/origin.ts",
    ]);
  });

  it("keeps the layers pointing down: db below server, server below pages and components", async () => {
    expect(
      await violations({
        "src/app/page.tsx": 'import { Card } from "@/components/card";\nexport default function Page() { return Card; }\n',
        "src/app/fonts.ts": 'export const fonts = ["Inter"];\n',
        "src/components/card.tsx": 'import { fonts } from "@/app/fonts";\nexport const Card = fonts;\n',
        "src/server/service.ts": 'import { Card } from "@/components/card";\nexport const service = Card;\n',
        "src/db/queries.ts": 'import { service } from "@/server/service";\nexport const query = service;\n',
      }),
    ).toEqual([
      "components-import-no-app: src/components/card.tsx → src/app/fonts.ts",
      "db-imports-no-upper-layer: src/db/queries.ts → src/server/service.ts",
      "server-imports-no-ui: src/server/service.ts → src/components/card.tsx",
    ]);
  });
});
