import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback for tests (smtp-server), keeping every message it is sent,
 * parsed (mailparser). Plain SMTP without STARTTLS or AUTH, as a relay on the same machine would
 * be. `hold()` keeps the next messages waiting at DATA until released, to show that a request
 * does not wait for its mail.
 */
export type SinkMessage = { to: string[]; from: string; subject: string; text: string; html: string; links: string[] };

export type SmtpSink = {
  port: number;
  messages: SinkMessage[];
  /** Messages sent to this address so far. */
  to(address: string): SinkMessage[];
  /** The first message to this address matching `match`, waiting up to `timeoutMs` for it. */
  waitFor(address: string, match?: (m: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  /** Messages whose DATA is being held (see hold). */
  held(): number;
  /** Holds every message at DATA until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
};

const LINK = /https?:\/\/[^\s"<>]+/g;

export async function startSmtpSink(port = 0, host = "127.0.0.1"): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  let gate: Promise<void> | null = null;
  let waiting = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    hideSTARTTLS: true,
    onData(stream, session, callback) {
      const parsed = simpleParser(stream);
      void (async () => {
        try {
          const mail = await parsed;
          if (gate) {
            waiting++;
            await gate;
            waiting--;
          }
          const text = mail.text ?? "";
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: mail.subject ?? "",
            text,
            html: typeof mail.html === "string" ? mail.html : "",
            links: [...new Set(text.match(LINK) ?? [])],
          });
          callback();
        } catch (err) {
          callback(err as Error);
        }
      })();
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const to = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    port: (server.server.address() as { port: number }).port,
    messages,
    to,
    async waitFor(address, match = () => true, timeoutMs = 15_000) {
      const start = Date.now();
      for (;;) {
        const found = to(address).find(match);
        if (found) return found;
        if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${address} within ${timeoutMs} ms (got ${messages.length} in all)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    held: () => waiting,
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
