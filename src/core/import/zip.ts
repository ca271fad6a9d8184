import { Inflate } from "fflate";

/**
 * Reading a zip that an attacker made, one entry at a time: the central directory is listed
 * without inflating anything, and an entry is inflated only up to a cap, counting what it really
 * inflates to rather than trusting the size it declares (a zip bomb declares honest or lying
 * sizes; either way it stops at the cap).
 */
export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read here. */
  method: number;
  packed: number;
  /** The uncompressed size the directory declares (not trusted). */
  declared: number;
  /** Offset of the local header. */
  offset: number;
};

export type ZipListing = { ok: true; entries: ZipEntry[] } | { ok: false; reason: "not-zip" | "zip64" | "too-many" };

const b2 = (d: Uint8Array, i: number) => (d[i] ?? 0) | ((d[i + 1] ?? 0) << 8);
const b4 = (d: Uint8Array, i: number) => ((d[i] ?? 0) | ((d[i + 1] ?? 0) << 8) | ((d[i + 2] ?? 0) << 16) | ((d[i + 3] ?? 0) << 24)) >>> 0;

/** The entries of a zip's central directory, or why it cannot be listed. */
export function listZip(bytes: Uint8Array, maxEntries: number): ZipListing {
  if (bytes.length < 22 || b4(bytes, 0) !== 0x04034b50) return { ok: false, reason: "not-zip" };
  // The end-of-central-directory record is in the last 22 + 65,535 (comment) bytes.
  let e = bytes.length - 22;
  for (; b4(bytes, e) !== 0x06054b50; e--) if (e <= 0 || bytes.length - e > 65_557) return { ok: false, reason: "not-zip" };
  if (e >= 20 && b4(bytes, e - 20) === 0x07064b50) return { ok: false, reason: "zip64" };
  const count = b2(bytes, e + 10);
  if (count > maxEntries) return { ok: false, reason: "too-many" };
  let o = b4(bytes, e + 16);
  const entries: ZipEntry[] = [];
  const utf8 = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (o + 46 > bytes.length || b4(bytes, o) !== 0x02014b50) return { ok: false, reason: "not-zip" };
    const nameLength = b2(bytes, o + 28);
    const nameBytes = bytes.subarray(o + 46, o + 46 + nameLength);
    const name = b2(bytes, o + 8) & 2048 ? utf8.decode(nameBytes) : String.fromCharCode(...nameBytes);
    const packed = b4(bytes, o + 20);
    const declared = b4(bytes, o + 24);
    const offset = b4(bytes, o + 42);
    if (packed === 0xffffffff || declared === 0xffffffff || offset === 0xffffffff) return { ok: false, reason: "zip64" };
    entries.push({ name, method: b2(bytes, o + 10), packed, declared, offset });
    o += 46 + nameLength + b2(bytes, o + 30) + b2(bytes, o + 32);
  }
  return { ok: true, entries };
}

export type Unpacked = { ok: true; data: Uint8Array } | { ok: false; reason: "too-large" | "damaged" | "method" };

/** The entry's bytes, inflated to at most `max` bytes; "too-large" past that, whatever it declares. */
export function unpackEntry(bytes: Uint8Array, entry: ZipEntry, max: number): Unpacked {
  const o = entry.offset;
  if (o + 30 > bytes.length || b4(bytes, o) !== 0x04034b50) return { ok: false, reason: "damaged" };
  const start = o + 30 + b2(bytes, o + 26) + b2(bytes, o + 28);
  if (start + entry.packed > bytes.length) return { ok: false, reason: "damaged" };
  const data = bytes.subarray(start, start + entry.packed);
  if (entry.method === 0) return data.length > max ? { ok: false, reason: "too-large" } : { ok: true, data };
  if (entry.method !== 8) return { ok: false, reason: "method" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const inflate = new Inflate((chunk) => {
    if (over) return;
    size += chunk.length;
    if (size > max) over = true;
    else chunks.push(chunk);
  });
  try {
    // Small pushes: one 4 KB push inflates to at most ~4 MB before the count can stop it.
    const STEP = 4096;
    for (let i = 0; i < data.length && !over; i += STEP) inflate.push(data.subarray(i, i + STEP), i + STEP >= data.length);
  } catch {
    return { ok: false, reason: "damaged" };
  }
  if (over) return { ok: false, reason: "too-large" };
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { ok: true, data: out };
}
