import { Inflate } from "fflate";

/**
 * The one reader of zips an attacker may have made (.apkg decks, .xlsx workbooks), built on
 * fflate: the central directory is listed without inflating anything, exactly where fflate's
 * `unzipSync` finds it (read-excel-file opens workbooks with that, so what is checked here is what
 * it will read); the limits are applied to the entries that will be unpacked, by the sizes they
 * declare; then an entry is inflated with fflate's streaming `Inflate`, in small pushes, counting
 * what it really inflates to, so a zip that lies about its sizes stops at the size it declared.
 * (`unzipSync` itself inflates a lying entry to its end, however far that is.)
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

/** What a zip may hold before anything in it is unpacked. */
export type ZipLimits = {
  /** Entries in the zip, all of them. */
  entries: number;
  /** Unpacked bytes of one entry to unpack, and of all of them. */
  entryBytes: number;
  totalBytes: number;
  /** Unpacked / packed of an entry to unpack, for entries above `ratioFrom` bytes. */
  ratio: number;
  ratioFrom: number;
};

export type ZipRefusal =
  | { reason: "not-zip" }
  | { reason: "zip64" }
  | { reason: "too-many"; count: number }
  | { reason: "entry-too-large"; name: string; size: number }
  | { reason: "total-too-large" }
  | { reason: "ratio"; name: string; ratio: number };

export type ZipListing = { ok: true; entries: ZipEntry[] } | ({ ok: false } & ZipRefusal);

const b2 = (d: Uint8Array, i: number) => (d[i] ?? 0) | ((d[i + 1] ?? 0) << 8);
const b4 = (d: Uint8Array, i: number) => ((d[i] ?? 0) | ((d[i + 1] ?? 0) << 8) | ((d[i + 2] ?? 0) << 16) | ((d[i + 3] ?? 0) << 24)) >>> 0;

/** What an entry unpacks to, by what it declares (a stored entry: its bytes). */
export const unpackedSize = (e: ZipEntry): number => (e.method === 0 ? e.packed : e.declared);

/**
 * The entries of a zip's central directory, or why it is refused: not a zip, zip64 (files over
 * 4 GB; nothing here is that big), more than `limits.entries` entries, or an entry that
 * `unpacks(name)` says will be unpacked declaring more than the limits allow (one entry, all of
 * them, or packed more than `limits.ratio` times over). Entries of other methods than stored and
 * deflated are listed but not counted: they cannot be unpacked.
 */
export function openZip(bytes: Uint8Array, limits: ZipLimits, unpacks: (name: string) => boolean): ZipListing {
  // The end-of-central-directory record, searched for as fflate searches for it.
  let e = bytes.length - 22;
  if (e < 0) return { ok: false, reason: "not-zip" };
  for (; b4(bytes, e) !== 0x06054b50; e--) if (!e || bytes.length - e > 65_558) return { ok: false, reason: "not-zip" };
  if (e >= 20 && b4(bytes, e - 20) === 0x07064b50) return { ok: false, reason: "zip64" };
  const count = b2(bytes, e + 8);
  if (count > limits.entries) return { ok: false, reason: "too-many", count };
  let o = b4(bytes, e + 16);
  let total = 0;
  const entries: ZipEntry[] = [];
  const utf8 = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (o + 46 > bytes.length) return { ok: false, reason: "not-zip" };
    const nameLength = b2(bytes, o + 28);
    const nameBytes = bytes.subarray(o + 46, o + 46 + nameLength);
    const name = b2(bytes, o + 8) & 2048 ? utf8.decode(nameBytes) : String.fromCharCode(...nameBytes);
    const entry = { name, method: b2(bytes, o + 10), packed: b4(bytes, o + 20), declared: b4(bytes, o + 24), offset: b4(bytes, o + 42) };
    o += 46 + nameLength + b2(bytes, o + 30) + b2(bytes, o + 32);
    entries.push(entry);
    if (!unpacks(name)) continue;
    if (entry.packed === 0xffffffff || entry.declared === 0xffffffff || entry.offset === 0xffffffff) return { ok: false, reason: "zip64" };
    if (entry.method !== 0 && entry.method !== 8) continue;
    const size = unpackedSize(entry);
    if (size > limits.entryBytes) return { ok: false, reason: "entry-too-large", name, size };
    total += size;
    if (total > limits.totalBytes) return { ok: false, reason: "total-too-large" };
    const ratio = size / Math.max(entry.packed, 1);
    if (size > limits.ratioFrom && ratio > limits.ratio) return { ok: false, reason: "ratio", name, ratio };
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
