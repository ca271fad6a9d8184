// A stand-in import worker for src/server/import-pool.test.ts: the "format" says what to do.
import { parentPort } from "node:worker_threads";

parentPort.on("message", ({ id, format, content }) => {
  if (format === "loop") for (;;);
  if (format === "memory") {
    const hold = [];
    for (;;) hold.push(new Array(1_000_000).fill(hold.length));
  }
  if (format === "exit") process.exit(3);
  parentPort.postMessage({ id, result: { quiz: { title: "Echo" }, questions: [], problems: [{ line: 0, reason: String(content) }] } });
});
parentPort.postMessage({ ready: true });
