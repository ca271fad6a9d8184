#!/usr/bin/env node
/**
 * Copies KaTeX's style sheet and its WOFF2 fonts (no script) from the katex package to
 * public/katex/, where pages that show a formula link them (src/components/ui/rich.tsx). Run
 * before `next build` and `npm run dev` (package.json's prebuild/predev); public/katex is not
 * committed. Only WOFF2 is copied: every browser Quizdeck supports reads it, and a browser fetches
 * only the first format of a @font-face it supports.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const dist = path.join(path.dirname(createRequire(import.meta.url).resolve("katex/package.json")), "dist");
const out = path.join(import.meta.dirname, "..", "public", "katex");
rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(out, "fonts"), { recursive: true });
copyFileSync(path.join(dist, "katex.min.css"), path.join(out, "katex.min.css"));
for (const font of readdirSync(path.join(dist, "fonts"))) {
  if (font.endsWith(".woff2")) copyFileSync(path.join(dist, "fonts", font), path.join(out, "fonts", font));
}
