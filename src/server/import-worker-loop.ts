// The import worker's body: answers the pool's files with the parsers' results. Loaded by
// import-worker.mjs through tsx when run from source; bundled by scripts/build-server.mjs into
// dist/server/import-worker.mjs for the bundled server.
import { parentPort } from "node:worker_threads";
import { parseImport, type ImportFormat } from "../core/import";

const port = parentPort!;
port.on("message", ({ id, format, content, fileName }: { id: number; format: ImportFormat; content: string | Uint8Array; fileName?: string }) => {
  // parseImport never rejects: whatever the file, the answer is questions and problems.
  void parseImport(format, content, fileName ? { fileName } : {}).then((result) => port.postMessage({ id, result }));
});
port.postMessage({ ready: true });
