import type { SqlJsStatic } from "sql.js";

/**
 * SQLite (sql.js, compiled to WebAssembly) for Anki packages, loaded on first use: the other
 * formats never pay for it. In Node, sql.js reads its .wasm from its own folder in node_modules
 * (it downloads nothing); the Next server keeps it out of its bundles (serverExternalPackages).
 * Databases live in memory only: bytes in, bytes out, no file on disk.
 */
let loading: Promise<SqlJsStatic> | undefined;

export function sqlite(): Promise<SqlJsStatic> {
  loading ??= import("sql.js").then((m) => {
    // CommonJS: Node's ESM loader puts the function on `default`; a bundler may hand it over bare.
    const mod = m as unknown as { default?: () => Promise<SqlJsStatic> } & (() => Promise<SqlJsStatic>);
    return (mod.default ?? mod)();
  });
  // A failed load (it should not happen) is retried by the next caller rather than cached.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
