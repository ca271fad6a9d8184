import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";

// The proxy in front is this machine's (nginx on loopback), as docs/architecture.md describes.
process.env.QUIZDECK_TRUST_PROXY = "127.0.0.1";
const { CLIENT_IP_HEADER, HOST_HEADER, TRUSTED_PROXY_HEADER, clientKey, stampRequest } = await import("./client-address");
const { CLIENT_PROTO_HEADER } = await import("./request-scheme");

function request(peer: string, headers: Record<string, string> = {}): IncomingMessage {
  return { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: { ...headers } } as unknown as IncomingMessage;
}

describe("the client address behind QUIZDECK_TRUST_PROXY=127.0.0.1", () => {
  it("believes the trusted proxy's X-Forwarded-For, host and proto", () => {
    const req = request("127.0.0.1", { host: "127.0.0.1:3000", "x-forwarded-for": "198.51.100.4", "x-forwarded-host": "quiz.school.org", "x-forwarded-proto": "https" });
    stampRequest(req);
    expect(req.headers[CLIENT_IP_HEADER]).toBe("198.51.100.4");
    expect(req.headers[TRUSTED_PROXY_HEADER]).toBe("1");
    expect(req.headers["x-forwarded-host"]).toBe("quiz.school.org");
    // The scheme is the app's own header; Next sees no "https" to build its own address from.
    expect(req.headers[CLIENT_PROTO_HEADER]).toBe("https");
    expect(req.headers["x-forwarded-proto"]).toBeUndefined();
  });

  it("takes the address the proxy saw, not one the client put in front of it", () => {
    // nginx appends the peer it saw ($proxy_add_x_forwarded_for) to what the client sent.
    const req = request("127.0.0.1", { "x-forwarded-for": "10.9.9.9, 198.51.100.4" });
    stampRequest(req);
    expect(req.headers[CLIENT_IP_HEADER]).toBe("198.51.100.4");
  });

  it("ignores forwarded headers from anyone else, and removes them", () => {
    const req = request("192.0.2.9", { host: "192.0.2.1:3000", "x-forwarded-for": "198.51.100.4", "x-forwarded-host": "evil.org", "x-forwarded-proto": "https" });
    stampRequest(req);
    expect(req.headers[CLIENT_IP_HEADER]).toBe("192.0.2.9");
    expect(req.headers[TRUSTED_PROXY_HEADER]).toBe("0");
    expect(req.headers[HOST_HEADER]).toBe("192.0.2.1:3000");
    expect(req.headers["x-forwarded-host"]).toBeUndefined();
    expect(req.headers["x-forwarded-for"]).toBeUndefined();
    expect(req.headers[CLIENT_PROTO_HEADER]).toBe("http");
    expect(req.headers["x-forwarded-proto"]).toBeUndefined();
  });

  it("overwrites a client's own stamps", () => {
    const req = request("192.0.2.9", { [CLIENT_IP_HEADER]: "1.1.1.1", [TRUSTED_PROXY_HEADER]: "1", [HOST_HEADER]: "evil.org", "x-quizdeck-stamp": "guess", host: "192.0.2.1" });
    stampRequest(req);
    expect(req.headers[CLIENT_IP_HEADER]).toBe("192.0.2.9");
    expect(req.headers[TRUSTED_PROXY_HEADER]).toBe("0");
    expect(req.headers[HOST_HEADER]).toBe("192.0.2.1");
  });

  it("keeps the stamps when Next re-requests a page for a server action's redirect", () => {
    const original = request("192.0.2.9", { host: "quizdeck.test:3000" });
    stampRequest(original);
    // Next's own fetch to 0.0.0.0:PORT, from loopback, with the original headers passed on.
    const internal = request("127.0.0.1", { ...(original.headers as Record<string, string>), host: "0.0.0.0:3000" });
    stampRequest(internal);
    expect(internal.headers[CLIENT_IP_HEADER]).toBe("192.0.2.9");
    expect(internal.headers[HOST_HEADER]).toBe("quizdeck.test:3000");
    expect(internal.headers[TRUSTED_PROXY_HEADER]).toBe("0");
  });

  it("counts IPv6 clients by their /64", () => {
    expect(clientKey(request("2001:db8:1:2::99"))).toBe("2001:db8:1:2::/64");
    expect(clientKey(request("::ffff:192.0.2.9"))).toBe("192.0.2.9");
  });
});
