// The import worker thread (src/server/import-pool.ts starts it) as run from source: plain
// JavaScript, found from the working directory, so it loads the same way under `npm start`,
// `npm run dev` and the tests, whatever Next's bundler did to the code that starts it. tsx (a
// runtime dependency already: it runs the server from source) compiles the parsers of src/core
// on the way in. The bundled server uses dist/server/import-worker.mjs instead (src/worker-files.ts).
import { register } from "tsx/esm/api";

register();
await import("./import-worker-loop.ts");
