import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { openZip, unpackEntry, type ZipLimits } from "./zip";

const LIMITS: ZipLimits = { entries: 3, entryBytes: 1000, totalBytes: 1500, ratio: 10, ratioFrom: 100 };
const all = () => true;

/** A zip whose entry `name` declares `size` bytes in both headers, whatever it holds. */
function lying(name: string, body: Uint8Array, size: number): Uint8Array {
  const bytes = zipSync({ [name]: body }, { level: 9 });
  const view = new DataView(bytes.buffer);
  for (let i = 0; i + 4 < bytes.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, size, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return bytes;
}

describe("the zip reader", () => {
  it("lists entries and unpacks them", () => {
    const bytes = zipSync({ "a.txt": strToU8("hello"), "b.txt": [strToU8("stored"), { level: 0 }] });
    const listing = openZip(bytes, LIMITS, all);
    expect(listing.ok && listing.entries.map((e) => [e.name, e.method, e.declared])).toEqual([
      ["a.txt", 8, 5],
      ["b.txt", 0, 6],
    ]);
    if (!listing.ok) return;
    expect(listing.entries.map((e) => new TextDecoder().decode((unpackEntry(bytes, e, 100) as { data: Uint8Array }).data))).toEqual(["hello", "stored"]);
  });

  it.each([
    ["bytes that are not a zip", strToU8("a,b\n1,2\n".repeat(50)), { reason: "not-zip" }],
    ["too few bytes for a zip", strToU8("PK"), { reason: "not-zip" }],
    ["more entries than allowed", zipSync({ a: strToU8("1"), b: strToU8("2"), c: strToU8("3"), d: strToU8("4") }), { reason: "too-many", count: 4 }],
    ["an entry over its limit", zipSync({ big: new Uint8Array(1001).fill(65) }, { level: 0 }), { reason: "entry-too-large", name: "big", size: 1001 }],
    [
      "entries over the total",
      zipSync({ a: new Uint8Array(800).fill(65), b: new Uint8Array(800).fill(66) }, { level: 0 }),
      { reason: "total-too-large" },
    ],
    ["an entry packed too many times over", zipSync({ zeros: new Uint8Array(900) }, { level: 9 }), { reason: "ratio", name: "zeros", ratio: expect.any(Number) }],
  ])("refuses %s", (_, bytes, refusal) => {
    expect(openZip(bytes, LIMITS, all)).toEqual({ ok: false, ...refusal });
  });

  it("applies the size limits only to the entries that will be unpacked", () => {
    const bytes = zipSync({ picture: new Uint8Array(5000).fill(1), "a.txt": strToU8("hi") }, { level: 0 });
    expect(openZip(bytes, LIMITS, (name) => name.endsWith(".txt")).ok).toBe(true);
    expect(openZip(bytes, LIMITS, all)).toMatchObject({ ok: false, reason: "entry-too-large", name: "picture" });
  });

  it("stops inflating an entry that lies about its size at the size it declares", () => {
    const bytes = lying("bomb", new Uint8Array(4 * 1024 * 1024), 10);
    const listing = openZip(bytes, LIMITS, all);
    expect(listing.ok).toBe(true);
    if (!listing.ok) return;
    expect(unpackEntry(bytes, listing.entries[0]!, listing.entries[0]!.declared)).toEqual({ ok: false, reason: "too-large" });
  });
});
