#!/usr/bin/env node
/**
 * Adds lockfile entries for native binaries of other platforms that this machine's registry does
 * not serve. `npm install` here cannot fetch e.g. @next/swc-darwin-arm64, so it leaves them out
 * of package-lock.json, and `npm ci` then refuses the lockfile ("Missing: … from lock file").
 * Each entry added carries its os/cpu, so npm skips it on every other platform, as it would with
 * an entry npm had written itself. Run after `npm install` changes the lockfile:
 *   node scripts/lockfile-platforms.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

const OS = ["android", "darwin", "freebsd", "linux", "win32", "openharmony", "wasm32"];
const CPU = { arm64: "arm64", x64: "x64", arm: "arm", ia32: "ia32", loong64: "loong64", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x" };

/** "@next/swc-linux-arm-gnueabihf" → { os: ["linux"], cpu: ["arm"] } */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  if (!os) return null;
  if (os === "wasm32") return { cpu: ["wasm32"] };
  const cpu = parts.slice(parts.indexOf(os) + 1).find((p) => CPU[p]);
  return cpu ? { os: [os], cpu: [CPU[cpu]] } : null;
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [dep, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ""}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[`node_modules/${dep}`] = { version: spec.replace(/^[\^~=]/, ""), optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`added ${added} platform entries to package-lock.json`);
