// The import worker thread (src/server/import-pool.ts starts it). Plain JavaScript, found from
// the working directory, so it loads the same way under `npm start`, `npm run dev` and the tests,
// whatever Next's bundler did to the code that starts it. tsx (a runtime dependency already: it
// runs the server) compiles the parsers of src/core/import on the way in.
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { parseImport } = await import("../core/import/index.ts");

parentPort.on("message", async ({ id, format, content, fileName }) => {
  // parseImport never rejects: whatever the file, the answer is questions and problems.
  const result = await parseImport(format, content, fileName ? { fileName } : {});
  parentPort.postMessage({ id, result });
});
parentPort.postMessage({ ready: true });
