/**
 * A lean Socket.IO client for the load generator: Engine.IO 4 over a WebSocket only, the main
 * namespace, text events and acknowledgements: exactly the frames socket.io-client sends and
 * reads for this protocol, without its reconnection, buffering and event machinery.
 *
 * Why: one generator process stands in for 2,000 phones, and decodes their messages one after
 * another on one core. With socket.io-client each message costs the generator ~40 µs, so the
 * 2,000th phone "receives" a broadcast 40–100 ms after the server has written it: the benchmark
 * would measure its own queue. A real phone decodes only its own message. bench:live uses this
 * client for the players by default and socket.io-client with `--client socket.io`
 * (docs/benchmarks.md has both).
 */
import WebSocket from "ws";

// Payloads are typed by the caller (the protocol's event maps); this client only parses JSON.
type Handler = (payload: never) => void;

export class LeanSocket {
  private readonly handlers = new Map<string, Handler[]>();
  private readonly acks = new Map<number, (res: unknown) => void>();
  private nextAck = 0;

  private constructor(private readonly ws: WebSocket) {}

  /** Opens the WebSocket, reads Engine.IO's handshake and joins the main namespace. */
  static connect(url: string, headers?: Record<string, string>): Promise<LeanSocket> {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    const socket = new LeanSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once("error", reject);
      ws.on("message", (data, isBinary) => {
        if (isBinary) return;
        const text = data.toString();
        switch (text[0]) {
          case "0": // Engine.IO open: connect to the main namespace
            ws.send("40");
            return;
          case "2": // Engine.IO ping
            ws.send("3");
            return;
          case "4":
            if (text[1] === "0") resolve(socket); // Socket.IO CONNECT
            else if (text[1] === "4") reject(new Error(`connect_error: ${text.slice(2)}`));
            else socket.receive(text);
            return;
          default:
            return;
        }
      });
    });
  }

  /** Handles one Engine.IO message packet ("4…"); public so the generator can warm its JIT up. */
  receive(text: string) {
    // "42[event,payload]" (event) or "43<id>[response]" (acknowledgement); no binary, no namespace.
    let i = 2;
    while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    const args = JSON.parse(text.slice(i)) as unknown[];
    if (text[1] === "3") {
      const id = Number(text.slice(2, i));
      const done = this.acks.get(id);
      this.acks.delete(id);
      done?.(args[0]);
    } else if (text[1] === "2") {
      for (const h of this.handlers.get(args[0] as string) ?? []) h(args[1] as never);
    }
  }

  on(event: string, handler: Handler): void {
    const list = this.handlers.get(event);
    if (list) list.push(handler);
    else this.handlers.set(event, [handler]);
  }

  /** Sends an event and resolves with its acknowledgement. */
  emit<T>(event: string, payload: unknown): Promise<T> {
    const id = this.nextAck++;
    return new Promise<T>((resolve) => {
      this.acks.set(id, resolve as (res: unknown) => void);
      this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  }

  disconnect(): void {
    this.ws.close();
  }
}
