import { describe, expect, it } from "vitest";
import { isLoopbackHost, lanOrigins, normalizeHost, pickOrigin, selfAddress, type OriginConfig, type OriginRequest } from "./origin";

const open: OriginConfig = { allowedHosts: [], port: 3000 };
const direct = (host: string | null, extra: Partial<OriginRequest> = {}): OriginRequest => ({ host, fromTrustedProxy: false, ...extra });
const proxied = (host: string | null, extra: Partial<OriginRequest> = {}): OriginRequest => ({ host, fromTrustedProxy: true, ...extra });

describe("pickOrigin", () => {
  it.each<[string, OriginConfig, OriginRequest, string]>([
    ["the public URL wins over the Host", { ...open, publicUrl: "https://quiz.example.org/" }, direct("192.168.1.20:3000"), "https://quiz.example.org"],
    ["the public URL wins over a trusted proxy", { ...open, publicUrl: "https://quiz.example.org" }, proxied("x", { forwardedHost: "other.org" }), "https://quiz.example.org"],
    ["a LAN address as opened", open, direct("192.168.1.20:3000"), "http://192.168.1.20:3000"],
    ["a host name as opened", open, direct("quizdeck.test:3303"), "http://quizdeck.test:3303"],
    ["upper case and port 80 are canonical", open, direct("Quiz.Local:80"), "http://quiz.local"],
    ["IPv6 literal", open, direct("[fd00::1]:3000"), "http://[fd00::1]:3000"],
    ["localhost is kept (the lobby warns about it)", open, direct("localhost:3000"), "http://localhost:3000"],
    ["no Host at all", open, direct(null), "http://localhost:3000"],
    ["a Host with a path is forged", open, direct("evil.org/x"), "http://localhost:3000"],
    ["a Host with user info is forged", open, direct("a@evil.org"), "http://localhost:3000"],
    ["a Host with spaces is forged", open, direct("evil .org"), "http://localhost:3000"],
    ["forwarded headers from an untrusted peer are ignored", open, direct("192.168.1.20:3000", { forwardedHost: "evil.org", forwardedProto: "https" }), "http://192.168.1.20:3000"],
    ["a trusted proxy's forwarded host and proto", open, proxied("127.0.0.1:3000", { forwardedHost: "quiz.school.org", forwardedProto: "https" }), "https://quiz.school.org"],
    ["the first of several forwarded values", open, proxied("x", { forwardedHost: "a.org, b.org", forwardedProto: "https, http" }), "https://a.org"],
    ["a trusted proxy without X-Forwarded-Host: its Host", open, proxied("quiz.school.org", { forwardedProto: "https" }), "https://quiz.school.org"],
    ["an unknown proto is http", open, proxied("quiz.school.org", { forwardedProto: "gopher" }), "http://quiz.school.org"],
    ["https drops :443", open, proxied("x", { forwardedHost: "quiz.school.org:443", forwardedProto: "https" }), "https://quiz.school.org"],
    ["allowed by name, any port", { ...open, allowedHosts: ["quiz.local"] }, direct("quiz.local:3000"), "http://quiz.local:3000"],
    ["allowed by host:port", { ...open, allowedHosts: ["192.168.1.20:3000"] }, direct("192.168.1.20:3000"), "http://192.168.1.20:3000"],
    ["a port not on the list", { ...open, allowedHosts: ["192.168.1.20:3000"] }, direct("192.168.1.20:8080"), "http://192.168.1.20:3000"],
    ["a forged Host falls back to the first allowed host, on this port", { ...open, allowedHosts: ["quiz.local", "10.0.0.2"] }, direct("evil.org"), "http://quiz.local:3000"],
    ["behind a trusted proxy the fallback has no port of ours", { ...open, allowedHosts: ["quiz.school.org"] }, proxied("x", { forwardedHost: "evil.org", forwardedProto: "https" }), "https://quiz.school.org"],
    ["a forged X-Forwarded-Host is on no list", { ...open, allowedHosts: ["quiz.school.org"] }, proxied("quiz.school.org", { forwardedHost: "evil.org" }), "http://quiz.school.org"],
  ])("%s", (_, config, req, expected) => {
    expect(pickOrigin(config, req)).toBe(expected);
  });
});

describe("normalizeHost", () => {
  it.each([
    ["example.org", "example.org"],
    ["EXAMPLE.org:8080", "example.org:8080"],
    ["example.org:80", "example.org"],
    ["[::1]:3000", "[::1]:3000"],
    ["", null],
    ["example.org:99999", null],
    ["exa_mple.org", null],
    ["example.org#x", null],
    ["-bad.org", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });
});

describe("isLoopbackHost", () => {
  it.each([
    ["localhost:3000", true],
    ["LOCALHOST", true],
    ["app.localhost:3000", true],
    ["127.0.0.1:3000", true],
    ["127.1.2.3", true],
    ["[::1]:3000", true],
    ["0.0.0.0:3000", true],
    ["192.168.1.20:3000", false],
    ["quizdeck.test:3303", false],
    ["localhost.example.org", false],
    ["[fd00::1]:3000", false],
  ])("%j → %j", (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe("lanOrigins", () => {
  it("lists IPv4 first, then global IPv6, without loopback, link-local or duplicates", () => {
    expect(
      lanOrigins(
        {
          lo: [
            { address: "127.0.0.1", family: "IPv4", internal: true },
            { address: "::1", family: "IPv6", internal: true },
          ],
          wlan0: [
            { address: "fe80::1c2b:3aff:fe4d:5e6f", family: "IPv6", internal: false },
            { address: "2001:db8::20", family: "IPv6", internal: false },
            { address: "192.168.1.20", family: "IPv4", internal: false },
          ],
          eth0: [
            { address: "10.0.0.5", family: 4, internal: false },
            { address: "169.254.3.4", family: "IPv4", internal: false },
          ],
          docker0: [{ address: "192.168.1.20", family: "IPv4", internal: false }],
          down: undefined,
        },
        3000,
        "::",
      ),
    ).toEqual(["http://192.168.1.20:3000", "http://10.0.0.5:3000", "http://[2001:db8::20]:3000"]);
  });

  it("puts container and virtual-machine bridges after the real interfaces", () => {
    expect(
      lanOrigins(
        {
          docker0: [{ address: "172.17.0.1", family: "IPv4", internal: false }],
          "br-5f2a": [{ address: "172.18.0.1", family: "IPv4", internal: false }],
          wlp2s0: [{ address: "192.168.1.20", family: "IPv4", internal: false }],
        },
        3000,
        "0.0.0.0",
      ),
    ).toEqual(["http://192.168.1.20:3000", "http://172.17.0.1:3000", "http://172.18.0.1:3000"]);
  });

  it("is empty on a machine with no network", () => {
    expect(lanOrigins({ lo: [{ address: "127.0.0.1", family: "IPv4", internal: true }] }, 3000, "::")).toEqual([]);
  });

  // Only addresses the server answers on: a socket bound to 0.0.0.0 takes no IPv6 connection.
  const machine = {
    lo: [
      { address: "127.0.0.1", family: "IPv4", internal: true },
      { address: "::1", family: "IPv6", internal: true },
    ],
    wlan0: [
      { address: "192.168.1.20", family: "IPv4", internal: false },
      { address: "2001:db8::20", family: "IPv6", internal: false },
    ],
    eth0: [{ address: "10.0.0.5", family: "IPv4", internal: false }],
  };
  it.each([
    ["0.0.0.0", ["http://192.168.1.20:3000", "http://10.0.0.5:3000"]],
    [" 0.0.0.0 ", ["http://192.168.1.20:3000", "http://10.0.0.5:3000"]],
    ["::", ["http://192.168.1.20:3000", "http://10.0.0.5:3000", "http://[2001:db8::20]:3000"]],
    ["0:0:0:0:0:0:0:0", ["http://192.168.1.20:3000", "http://10.0.0.5:3000", "http://[2001:db8::20]:3000"]],
    ["[::]", ["http://192.168.1.20:3000", "http://10.0.0.5:3000", "http://[2001:db8::20]:3000"]],
    ["10.0.0.5", ["http://10.0.0.5:3000"]],
    ["2001:DB8:0::20", ["http://[2001:db8::20]:3000"]],
    ["192.168.7.7", []],
    ["127.0.0.1", []],
    ["::1", []],
    ["localhost", []],
    ["quizdeck.lan", []],
  ])("bound to %j lists %j", (listen, expected) => {
    expect(lanOrigins(machine, 3000, listen)).toEqual(expected);
  });
});

describe("selfAddress", () => {
  it.each([
    ["0.0.0.0", "127.0.0.1"],
    ["::", "127.0.0.1"],
    ["127.0.0.1", "127.0.0.1"],
    ["192.168.1.20", "192.168.1.20"],
    ["::1", "::1"],
  ])("listening on %s, the server reaches itself at %s", (listen, self) => expect(selfAddress(listen)).toBe(self));
});
