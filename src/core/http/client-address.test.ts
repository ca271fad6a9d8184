import { describe, expect, it } from "vitest";
import { parseTrustProxy, rateKey } from "./client-address";

describe("rateKey", () => {
  it.each([
    ["192.168.1.20", "192.168.1.20"],
    ["::ffff:192.168.1.20", "192.168.1.20"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["2001:db8:abcd:12:1:2:3:4", "2001:db8:abcd:12::/64"],
    ["2001:db8:abcd:12:ffff::9", "2001:db8:abcd:12::/64"],
    ["2001:DB8:ABCD:0012::1", "2001:db8:abcd:12::/64"],
    ["2001:db8:abcd:13::1", "2001:db8:abcd:13::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["", "unknown"],
    [undefined, "unknown"],
    ["not-an-ip", "not-an-ip"],
  ])("%j → %j", (ip, expected) => {
    expect(rateKey(ip)).toBe(expected);
  });
});

describe("parseTrustProxy", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    ["127.0.0.1", ["127.0.0.1"]],
    ["loopback, 10.0.0.0/8", ["loopback", "10.0.0.0/8"]],
  ])("%j → %j", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });
});
