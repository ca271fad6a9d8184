import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseImport, type ImportFormat } from "./index";
import { plain } from "./test-utils";

/**
 * samples/import/README.md promises the exact problems of each "-with-errors" file (end-to-end
 * tests rely on those lines); this keeps the promise true.
 */
const dir = new URL("../../../samples/import/", import.meta.url);
const readme = readFileSync(new URL("README.md", dir), "utf8");

type Expected = { file: string; format: ImportFormat; problems: { line: number; reason: string; skipped?: boolean }[] };

function expectations(): Expected[] {
  const out: Expected[] = [];
  for (const section of readme.split(/^### /m).slice(1)) {
    const head = /^`([^`]+)` \(format `([a-z]+)`\)/.exec(section);
    if (!head) continue;
    const problems = section
      .split("\n")
      .map((l) => /^\| (\d+) \| *(yes)? *\| (.+) \|$/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ line: Number(m[1]), reason: m[3] as string, ...(m[2] === "yes" ? { skipped: true } : {}) }));
    out.push({ file: head[1] as string, format: head[2] as ImportFormat, problems });
  }
  return out;
}

describe("samples/import/README.md", () => {
  const all = expectations();

  it("describes a file with mistakes for every format", () => {
    expect(all.map((e) => e.format).sort()).toEqual(["aiken", "csv", "gift", "json", "kahoot", "opentdb"]);
  });

  it.each(all.map((e) => [e.file, e] as const))("%s gives exactly the listed problems", async (file, e) => {
    expect(e.problems.length).toBeGreaterThan(0);
    const r = await parseImport(e.format, new Uint8Array(readFileSync(new URL(file, dir))), { fileName: file });
    expect(plain(r.problems)).toEqual(e.problems);
  });
});
