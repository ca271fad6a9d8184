import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claimDataDir, LOCK_FILE, secondInstanceMessage } from "./instance-lock";

describe("claimDataDir: one server per PGlite directory", () => {
  it("refuses a directory a running process holds, and frees it on release", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-lock-"));
    // A running process other than this one holds it.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dir, LOCK_FILE), `${other.pid}\n`);
      const refused = claimDataDir(dir);
      expect(refused).toEqual({ ok: false, pid: other.pid, file: path.join(dir, LOCK_FILE) });
      if (!refused.ok) expect(secondInstanceMessage(dir, refused)).toMatch(/DATABASE_URL/);
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over a file left by a process that no longer runs, and removes it on release", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "quizdeck-lock-"));
    const gone = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((r) => gone.on("exit", r));
    writeFileSync(path.join(dir, LOCK_FILE), `${gone.pid}\n`);
    const claim = claimDataDir(dir);
    expect(claim.ok).toBe(true);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    if (claim.ok) claim.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });
});
