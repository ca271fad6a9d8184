/**
 * Which origin (scheme://host[:port]) the links, QR codes, share URLs and Open Graph URLs of a
 * page use. Phones must be able to open them, so they come from the address the request came in
 * on, unless the operator configured one. Pure: the server reads the headers and passes them in.
 */

export type OriginConfig = {
  /** QUIZDECK_PUBLIC_URL: when set, it wins everywhere. */
  publicUrl?: string | undefined;
  /** QUIZDECK_ALLOWED_HOSTS, lower-cased: "host" (any port) or "host:port" entries. Empty: any host. */
  allowedHosts: readonly string[];
  /** The port this server listens on, for the fallbacks of a request that came in directly. */
  port: number;
};

export type OriginRequest = {
  /** The Host header. */
  host?: string | null | undefined;
  /** X-Forwarded-Host and X-Forwarded-Proto: only read when the peer is a trusted proxy. */
  forwardedHost?: string | null | undefined;
  forwardedProto?: string | null | undefined;
  /** The peer is a proxy QUIZDECK_TRUST_PROXY trusts. */
  fromTrustedProxy: boolean;
};

const HOST_SHAPE = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?)(:\d{1,5})?$/;

/** The first value of a comma-separated forwarded header (the one the first proxy saw). */
const first = (value: string | null | undefined) => value?.split(",")[0]?.trim().toLowerCase() || undefined;

/** `host[:port]` in canonical form (lower case, no default port), or null when it is not a host. */
export function normalizeHost(value: string | null | undefined, proto: "http" | "https" = "http"): string | null {
  const h = value?.trim().toLowerCase();
  if (!h || !HOST_SHAPE.test(h)) return null;
  try {
    const url = new URL(`${proto}://${h}`);
    return url.pathname === "/" && !url.username && !url.search ? url.host : null;
  } catch {
    return null;
  }
}

const hostname = (host: string) => (host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d+$/, ""));

function allowed(host: string, list: readonly string[]): boolean {
  return list.some((entry) => (/:\d+$/.test(entry) && !entry.endsWith("]") ? entry === host : entry === hostname(host)));
}

/**
 * The origin for links in answer to this request:
 * 1. QUIZDECK_PUBLIC_URL when set;
 * 2. else the request's own host (X-Forwarded-Host/-Proto only from a trusted proxy), when it is a
 *    well-formed host and, if an allow-list is set, on it;
 * 3. else (a forged or missing Host) the first allowed host, or http://localhost:PORT without a list.
 */
export function pickOrigin(config: OriginConfig, req: OriginRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  const fp = req.fromTrustedProxy ? first(req.forwardedProto) : undefined;
  const proto = fp === "https" || fp === "http" ? fp : "http";
  const host = normalizeHost((req.fromTrustedProxy ? first(req.forwardedHost) : undefined) ?? req.host, proto);
  if (host && (config.allowedHosts.length === 0 || allowed(host, config.allowedHosts))) return `${proto}://${host}`;
  const fallback = config.allowedHosts[0];
  if (fallback) {
    // An entry without a port is reached on this server's port, unless a proxy (with its own port) is in front.
    const withPort = /:\d+$/.test(fallback) && !fallback.endsWith("]") ? fallback : req.fromTrustedProxy ? fallback : `${fallback}:${config.port}`;
    return new URL(`${proto}://${withPort}`).origin;
  }
  return `http://localhost:${config.port}`;
}

/** True for names and addresses that only reach this machine: a phone cannot open them. */
export function isLoopbackHost(host: string): boolean {
  const name = hostname(host.toLowerCase()).replace(/\.$/, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    name === "[::1]" ||
    name === "[::ffff:127.0.0.1]" ||
    name === "0.0.0.0" ||
    name === "[::]"
  );
}

export type NetworkInterfaceInfo = { address: string; family: string | number; internal: boolean };

/**
 * Which addresses a server bound to `listen` (HOSTNAME) answers on: every IPv4 address ("0.0.0.0"),
 * every address ("::", dual-stack), one address (an IP, canonical), or none known (a name).
 */
function listenScope(listen: string): { v4: boolean; v6: boolean } | { only: string } | null {
  const host = listen.trim().replace(/^\[(.*)\]$/, "$1");
  let canonical: string;
  try {
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) canonical = new URL(`http://${host}`).hostname;
    else if (host.includes(":")) canonical = new URL(`http://[${host}]`).hostname;
    else return null;
  } catch {
    return null;
  }
  if (canonical === "0.0.0.0") return { v4: true, v6: false };
  if (canonical === "[::]") return { v4: true, v6: true };
  return { only: canonical };
}

/**
 * The origins phones on the same network can use to reach this machine, from Node's
 * os.networkInterfaces(), limited to the addresses a server listening on `listen` (HOSTNAME)
 * answers on: IPv6 only when it is bound to "::" or an IPv6 address, nothing when it is bound to
 * a name or an address phones cannot use. IPv4 first (what people type and most Wi-Fi serves),
 * then global IPv6; container and virtual-machine bridges after real interfaces; loopback,
 * link-local (unusable without a zone) and duplicates left out.
 */
export function lanOrigins(
  interfaces: Record<string, NetworkInterfaceInfo[] | undefined>,
  port: number,
  listen: string,
  proto: "http" | "https" = "http",
): string[] {
  const scope = listenScope(listen);
  if (!scope) return [];
  const v4: string[] = [];
  const v6: string[] = [];
  // Bridges of containers and virtual machines (docker0, br-…, virbr0, veth…) come last: phones are not on them.
  const virtual = (name: string) => /^(docker|br-|virbr|veth|vmnet|vboxnet|cni|flannel|podman|lxc|lxd)/.test(name);
  const names = Object.keys(interfaces).sort((a, b) => Number(virtual(a)) - Number(virtual(b)));
  for (const list of names.map((n) => interfaces[n])) {
    for (const i of list ?? []) {
      if (i.internal) continue;
      const family = String(i.family);
      if ((family === "IPv4" || family === "4") && !i.address.startsWith("169.254.") && !i.address.startsWith("127.")) v4.push(i.address);
      else if ((family === "IPv6" || family === "6") && !/^fe[89ab]/i.test(i.address) && i.address !== "::1") v6.push(`[${i.address.toLowerCase()}]`);
    }
  }
  if ("only" in scope) return [...v4, ...v6].includes(scope.only) ? [new URL(`${proto}://${scope.only}:${port}`).origin] : [];
  return [...new Set([...v4, ...(scope.v6 ? v6 : [])])].map((h) => new URL(`${proto}://${h}:${port}`).origin);
}

/**
 * The address this server reaches itself at, for the host it listens on: a wildcard address
 * (all IPv4, or all of IPv6, which takes IPv4 too) is reached on loopback.
 */
export function selfAddress(listenHost: string): string {
  return listenHost === "0.0.0.0" || listenHost === "::" ? "127.0.0.1" : listenHost;
}
