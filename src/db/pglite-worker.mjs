// PGlite in a worker thread (started by src/db/pglite-thread.ts). The main thread's node-postgres
// pool reaches it over this thread's message port: every connection's bytes are the PostgreSQL
// wire protocol, answered by PGlite's execProtocolRawStream, so a query's WebAssembly and JavaScript
// run here instead of on the event loop that serves pages and live games. Plain JavaScript that
// imports only packages: it runs as it is from source, and scripts/build-server.mjs puts it
// beside the bundled server.
//
// Messages in: { type: "open" | "end", conn }, { type: "data", conn, bytes }, { type: "close" }.
// Messages out: { type: "ready" } or { type: "failed", message } once, { type: "data", conn,
// bytes }, { type: "error", conn, message } (that connection is refused), { type: "closed",
// error? }.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

// The first message of a connection has no type byte, only a length and one of these codes.
const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // "X"
const NO_SSL = 0x4e; // "N"

/** @type {PGlite} */
let db;
try {
  // loadDataDir: a data directory PGlite dumped before (dumpDataDir), to start from instead of an
  // empty one (src/db/client.ts, `from`).
  const from = workerData.from ? { loadDataDir: new Blob([readFileSync(workerData.from)]) } : {};
  db = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm, unaccent }, ...from });
} catch (err) {
  parentPort.postMessage({ type: "failed", message: messageOf(err) });
  // The main thread ends this worker; nothing else arrives.
  await new Promise(() => {});
}

/** @type {Map<number, { buf: Buffer, started: boolean }>} */
const conns = new Map();

// PGlite is one session, and execProtocolRawStream takes none of its locks, so the work of every
// connection runs here one piece at a time, in the order it arrived. The main thread has two
// connections (two pools): the live games' and everyone else's. Each has one request in flight
// at a time, so a group commit waits for the other connection's current request (or, if that one
// is in a transaction, for the rest of that transaction), not for every page's query queued in
// its pool. Between their pieces of work the session is shared, which is safe because neither
// leaves state behind a statement (no named statements, no SET) — except a transaction, or a
// request whose answer has not reached its ReadyForQuery: while one is open, its connection holds
// the session and only its work runs.
/** What a piece of work leaves: the session free (ReadyForQuery "idle"), still held, or as it was. */
/** @type {{ conn: number, run: () => Promise<"free" | "held" | void> }[]} */
const waiting = [];
/** The connection in the middle of a transaction or request, whose work alone may run. */
let holder = null;
let running = false;
let dead = false;
let closing = null;

/** Queues a piece of a connection's work (conn 0: the worker's own, run when the session is free). */
function enqueue(conn, run) {
  waiting.push({ conn, run });
  void pump();
}

/** The next piece of work that may run: the holder's, or else the oldest. */
function next() {
  if (holder !== null) return waiting.findIndex((w) => w.conn === holder);
  return waiting.length > 0 ? 0 : -1;
}

async function pump() {
  if (running || dead) return;
  running = true;
  try {
    for (let i = next(); i >= 0 && !dead; i = next()) {
      const [work] = waiting.splice(i, 1);
      const session = await work.run();
      if (session === "free") holder = null;
      else if (session === "held") holder = work.conn;
    }
    if (holder === null && closing && waiting.length === 0) await close();
  } catch (err) {
    die(err);
  } finally {
    running = false;
  }
}

/** Whether a response ends in ReadyForQuery with status "I" (idle: no transaction open). */
function readyForQueryIdle(out) {
  const n = out.byteLength;
  return n >= 6 && out[n - 6] === 0x5a /* Z */ && out[n - 5] === 0 && out[n - 4] === 0 && out[n - 3] === 0 && out[n - 2] === 5 && out[n - 1] === 0x49 /* I */;
}

parentPort.on("message", (m) => {
  if (m.type === "data") return receive(m.conn, m.bytes);
  if (m.type === "open") return void conns.set(m.conn, { buf: Buffer.alloc(0), started: false });
  if (m.type === "end") return end(m.conn);
  if (m.type === "close") {
    closing = true;
    return void pump();
  }
});
parentPort.postMessage({ type: "ready" });

/** Splits a connection's bytes into whole messages (PGlite must never see half of one). */
function receive(conn, bytes) {
  const c = conns.get(conn);
  if (!c) return;
  const incoming = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const buf = c.buf.length ? Buffer.concat([c.buf, incoming]) : incoming;
  let off = 0;
  const batch = [];
  for (;;) {
    const left = buf.length - off;
    if (!c.started) {
      if (left < 8) break;
      const len = buf.readInt32BE(off);
      if (left < len) break;
      const code = buf.readInt32BE(off + 4);
      const message = buf.subarray(off, off + len);
      off += len;
      // node-postgres asks for TLS only when `ssl` is set; the answer is no. A cancel request
      // comes on a connection of its own and asks to interrupt a query: PGlite cannot.
      // (A new array each time: send() moves what it sends.)
      if (code === SSL_REQUEST) enqueue(conn, async () => send(conn, Uint8Array.of(NO_SSL)));
      else if (code === PROTOCOL_3) {
        c.started = true;
        // PGlite reads a startup message only alone, never followed by others in one call.
        enqueue(conn, () => execute(conn, message));
      } else if (code !== CANCEL_REQUEST) {
        conns.delete(conn);
        parentPort.postMessage({ type: "error", conn, message: `unsupported startup request (code ${code})` });
        return;
      }
      continue;
    }
    if (left < 5) break;
    const len = 1 + buf.readInt32BE(off + 1);
    if (left < len) break;
    // Terminate ends the connection, not PGlite, whose one session outlives it: the main
    // thread's "end" says the same, and PGlite is never handed one.
    if (buf[off] !== TERMINATE) batch.push(buf.subarray(off, off + len));
    off += len;
  }
  c.buf = off === buf.length ? Buffer.alloc(0) : Buffer.from(buf.subarray(off));
  // node-postgres writes a query's messages (Parse, Bind, Describe, Execute, Sync) in one tick,
  // and the main thread sends a tick's writes in one message: they run as one call.
  if (batch.length) {
    const message = batch.length === 1 ? batch[0] : Buffer.concat(batch);
    enqueue(conn, () => execute(conn, message));
  }
}

/**
 * Runs wire-protocol messages and returns PGlite's answer, as bytes only. Not execProtocolRaw: its
 * default output handler also parses every answer into a list that only execProtocol empties,
 * so each row returned would stay in this thread's memory for good (measured: 1,500 answers of
 * 200 kB added ~255 MiB), and would be parsed twice (here, then by node-postgres). The streamed
 * chunks are views on PGlite's memory: copied before the next call reuses it.
 */
async function run(message) {
  const chunks = [];
  await db.execProtocolRawStream(message, { onRawData: (chunk) => void chunks.push(chunk.slice()) });
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

async function execute(conn, message) {
  const out = await run(message);
  // Who holds the session now: a connection whose answer ends in ReadyForQuery "idle" let it go;
  // "in transaction", "failed transaction", or no ReadyForQuery at all (half a request) keeps it.
  // Read before send(), which moves the bytes to the main thread.
  const session = readyForQueryIdle(out) ? "free" : "held";
  if (conns.has(conn)) send(conn, out);
  return session;
}

function send(conn, bytes) {
  // A view on a buffer of its own is moved, not copied; any other view is copied first, into a
  // buffer of its own (Buffer#slice would only give another view, and a small Buffer.concat result
  // lives in Node's buffer pool, which Node 21 and later refuse to transfer).
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  parentPort.postMessage({ type: "data", conn, bytes: own }, [own.buffer]);
}

/**
 * A connection ended (released after an error, destroyed, or the pool closing). PGlite keeps its
 * session across connections, so the next one must not inherit this one's state: an open or
 * failed transaction (a second startup message does not end it), prepared statements whose names
 * the next client would reuse, settings, advisory locks.
 */
function end(conn) {
  const c = conns.get(conn);
  conns.delete(conn);
  // Its work not yet run goes with it; what it left open is undone when the session is its own
  // (it still holds it, or nobody does).
  for (let i = waiting.length - 1; i >= 0; i--) if (waiting[i].conn === conn) waiting.splice(i, 1);
  if (!c?.started) return;
  enqueue(conn, async () => {
    if (db.isInTransaction()) await run(simpleQuery("rollback"));
    await run(simpleQuery("discard all"));
    return "free";
  });
}

async function close() {
  closing = null;
  let error;
  try {
    await db.close();
  } catch (err) {
    error = messageOf(err);
  }
  dead = true;
  parentPort.postMessage({ type: "closed", error });
}

function simpleQuery(text) {
  const body = Buffer.from(`${text}\0`);
  const m = Buffer.alloc(5 + body.length);
  m[0] = 0x51; // "Q"
  m.writeInt32BE(4 + body.length, 1);
  body.copy(m, 5);
  return m;
}

/**
 * PGlite failing outside of SQL (an abort or an exit of its WebAssembly program) leaves it
 * unusable: this worker ends with the error, and the main thread fails whatever was in flight
 * and starts another worker on the same data.
 */
function die(err) {
  dead = true;
  setImmediate(() => {
    throw new Error(`PGlite failed: ${messageOf(err)}`);
  });
}

function messageOf(err) {
  if (err instanceof Error) return err.message;
  // Emscripten's ExitStatus is no Error: { name: "ExitStatus", message, status }.
  if (err && typeof err === "object" && "message" in err) return String(err.message);
  return String(err);
}
