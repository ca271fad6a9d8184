import ipaddr from "ipaddr.js";

/**
 * The key an address is counted under by the rate limits: an IPv4 address as is (an IPv4-mapped
 * IPv6 address as its IPv4), an IPv6 address by its /64, because one household or classroom
 * network is handed a whole /64 and a client can take a fresh address in it at will.
 */
export function rateKey(ip: string | null | undefined): string {
  const raw = ip?.trim().replace(/%.*$/, "") ?? "";
  if (!raw || !ipaddr.isValid(raw)) return raw || "unknown";
  const addr = ipaddr.process(raw);
  if (addr.kind() === "ipv4") return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

/**
 * QUIZDECK_TRUST_PROXY as proxy-addr reads it: off (false), a number of proxies in front (hops),
 * or a list of addresses, CIDR ranges and proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim().toLowerCase() ?? "";
  if (v === "" || v === "false" || v === "off" || v === "0") return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
