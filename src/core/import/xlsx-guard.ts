import { Inflate } from "fflate";

/**
 * What an .xlsx may unpack to before read-excel-file opens it. An upload is at most 5 MB, but a
 * zip inflates up to ~1,000 times, and read-excel-file has costs that grow faster than its input:
 *
 * - its XML parser (saxen, streamed in chunks) keeps text without a `<` as a remainder and reads
 *   remainder + next chunk again on every chunk, so 20 MiB of spaces in one element is quadratic;
 *   its chunk loop then halves the chunk after every slow one and recurses once per chunk, which
 *   ends in "Maximum call stack size exceeded" after a minute or two;
 * - it fills the grid: a cell at XFD1048576 makes it allocate a row for every row above and a
 *   cell for every column to the left, 17 billion in all.
 *
 * So the zip's entries are read here first, with fflate, in the same way fflate reads them for
 * read-excel-file (central directory, the same entries: `.xml` and `.xml.rels`), counting what
 * each really inflates to rather than trusting the sizes it declares, and the XML is checked for
 * long runs of text without markup and for cell references far outside a quiz's grid. A file
 * that passes inflates to at most 20 MB and parses in time linear in its size.
 */
export const XLSX_LIMITS = {
  /** Entries in the zip (the Kahoot! template has 12). */
  entries: 1_000,
  /** Unpacked bytes of one XML entry, and of all of them. */
  entryBytes: 10 * 1024 * 1024,
  totalBytes: 20 * 1024 * 1024,
  /** Unpacked / packed, for entries above 1 MiB: spreadsheet XML packs 5 to 50 times. */
  ratio: 100,
  ratioFrom: 1024 * 1024,
  /** Characters between two `<`: an Excel cell holds at most 32,767 characters, a quiz cell far less. */
  textRun: 64 * 1024,
  /** Rows a sheet may reach (by number or by count) and rows × columns it may span. */
  rows: 100_000,
  columns: 16_384,
  cells: 2_000_000,
} as const;

export type XlsxCheck = { ok: true } | { ok: false; reason: string };

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const refused = (why: string): XlsxCheck => ({ ok: false, reason: `${why}; a quiz spreadsheet is far smaller, so it was not opened` });

const b2 = (d: Uint8Array, i: number) => (d[i] ?? 0) | ((d[i + 1] ?? 0) << 8);
const b4 = (d: Uint8Array, i: number) => ((d[i] ?? 0) | ((d[i + 1] ?? 0) << 8) | ((d[i + 2] ?? 0) << 16) | ((d[i + 3] ?? 0) << 24)) >>> 0;

/** The entries read-excel-file unpacks (its filterZipArchiveEntry). */
const isXml = (name: string) => name.endsWith(".xml") || name.endsWith(".xml.rels");

/** Inflates `data`, giving up once it passes `max` bytes; undefined when it does or is corrupt. */
function inflateAtMost(data: Uint8Array, max: number): Uint8Array | undefined {
  const out = new Uint8Array(max);
  let size = 0;
  let over = false;
  const inflate = new Inflate((chunk) => {
    if (over) return;
    if (size + chunk.length > max) over = true;
    else {
      out.set(chunk, size);
      size += chunk.length;
    }
  });
  try {
    // Small pushes: one 4 KB push inflates to at most ~4 MB before the count can stop it.
    const STEP = 4096;
    for (let i = 0; i < data.length && !over; i += STEP) inflate.push(data.subarray(i, i + STEP), i + STEP >= data.length);
  } catch {
    return undefined;
  }
  return over ? undefined : out.subarray(0, size);
}

/** Longest run of bytes without a `<`. */
function longestTextRun(xml: Uint8Array): number {
  let longest = 0;
  let last = -1;
  for (let i = xml.indexOf(60); ; i = xml.indexOf(60, i + 1)) {
    const end = i < 0 ? xml.length : i;
    if (end - last - 1 > longest) longest = end - last - 1;
    if (i < 0) return longest;
    last = i;
  }
}

/**
 * The start tags of an XML text, cut where read-excel-file's parser (saxen) cuts them: it skips
 * comments, CDATA and `<?…?>`, and looks for a tag's `>` past quoted attribute values, so a value
 * may hold `<` and `>` (a damaged sheet's `<c r="F<</c>9">` is one tag to it).
 */
function* startTags(xml: string): Generator<string> {
  for (let i = xml.indexOf("<"); i >= 0; i = xml.indexOf("<", i + 1)) {
    if (xml.startsWith("<![CDATA[", i)) i = xml.indexOf("]]>", i);
    else if (xml.startsWith("<!--", i)) i = xml.indexOf("-->", i);
    else if (xml.startsWith("<?", i)) i = xml.indexOf("?>", i);
    else {
      let x = i + 1;
      for (; x < xml.length; x++) {
        const v = xml.charCodeAt(x);
        if (v === 34 || v === 39) {
          const q = xml.indexOf(v === 34 ? '"' : "'", x + 1);
          if (q >= 0) x = q;
        } else if (v === 62) break;
      }
      if (xml.charCodeAt(i + 1) !== 47 && xml.charCodeAt(i + 1) !== 33) yield xml.slice(i + 1, x);
      i = x;
    }
    if (i < 0) return;
  }
}

const ELEMENT_NAME = /^(?:[^\s/:]*:)?([^\s/:]*)/;
// Every place an `r` attribute could start, overlapping, so a quote inside another value
// cannot hide one from this scan while the parser still reads it.
const R_ATTRIBUTE = /(?:^|\s)(?=(?:[\w.-]+:)?r\s*=\s*(?:"([^"]*)"|'([^']*)'))/g;

/** Character references decoded as read-excel-file decodes attribute values (saxen's decodeEntities). */
const NAMED: Record<string, string> = { amp: "&", apos: "'", gt: ">", lt: "<", quot: '"' };
for (const [k, v] of Object.entries(NAMED)) NAMED[k.toUpperCase()] = v;
function decodeAttribute(s: string): string {
  if (s.length <= 3 || !s.includes("&")) return s;
  return s.replace(/&#(\d+);|&#x([0-9a-f]+);|&(\w+);/gi, (whole, d?: string, x?: string, z?: string) =>
    z ? (Object.hasOwn(NAMED, z) ? NAMED[z]! : whole) : String.fromCharCode(d ? Number(d) : parseInt(x ?? "", 16)),
  );
}

/** Row and column of a cell reference, as read-excel-file's parseCellAddress reads it. */
function cellAddress(ref: string): [number, number] {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 48 && c <= 57) return [Number(ref.slice(i)), column];
    column = column * 26 + c - 64;
  }
  return [0, column];
}

type Grid = { rows: number; columns: number; rowElements: number };

/** The furthest row and column any `<row r>` or `<c r>` reaches, and how many rows there are. */
function measureGrid(xml: string, grid: Grid): void {
  for (const tag of startTags(xml)) {
    const name = ELEMENT_NAME.exec(tag)?.[1];
    if (name !== "row" && name !== "c") continue;
    if (name === "row") grid.rowElements++;
    for (const attr of tag.matchAll(R_ATTRIBUTE)) {
      const value = decodeAttribute(attr[1] ?? attr[2] ?? "");
      if (name === "row") {
        const n = Number(value);
        if (n > grid.rows) grid.rows = n;
      } else {
        const [row, column] = cellAddress(value);
        if (row > grid.rows) grid.rows = row;
        if (column > grid.columns) grid.columns = column;
      }
    }
  }
}

/**
 * Checks an .xlsx before it is opened. A file that is not a zip at all passes (read-excel-file
 * then says it is not a workbook); one that would cost too much to open gets the reason.
 */
export function checkXlsx(bytes: Uint8Array): XlsxCheck {
  // The end-of-central-directory record, searched for as fflate searches for it.
  let e = bytes.length - 22;
  if (e < 0) return { ok: true };
  for (; b4(bytes, e) !== 0x06054b50; e--) if (!e || bytes.length - e > 65558) return { ok: true };
  if (b4(bytes, e - 20) === 0x07064b50) return refused("The workbook is a zip64 archive (for files over 4 GB)");
  const count = b2(bytes, e + 8);
  if (count > XLSX_LIMITS.entries) return refused(`The workbook holds ${count.toLocaleString("en-US")} files`);
  let o = b4(bytes, e + 16);
  let total = 0;
  const grid: Grid = { rows: 0, columns: 0, rowElements: 0 };
  const utf8 = new TextDecoder();
  for (let n = 0; n < count; n++) {
    const nameLength = b2(bytes, o + 28);
    const nameBytes = bytes.subarray(o + 46, o + 46 + nameLength);
    const name = b2(bytes, o + 8) & 2048 ? utf8.decode(nameBytes) : String.fromCharCode(...nameBytes);
    const method = b2(bytes, o + 10);
    const packed = b4(bytes, o + 20);
    const declared = b4(bytes, o + 24);
    const offset = b4(bytes, o + 42);
    o += 46 + nameLength + b2(bytes, o + 30) + b2(bytes, o + 32);
    if (!isXml(name)) continue;
    if (packed === 0xffffffff || declared === 0xffffffff || offset === 0xffffffff)
      return refused("The workbook is a zip64 archive (for files over 4 GB)");
    if (method !== 0 && method !== 8) continue; // fflate refuses it, and read-excel-file says why
    const size = method === 0 ? packed : declared;
    if (size > XLSX_LIMITS.entryBytes) return refused(`The workbook's ${name} unpacks to ${MB(size)}, over the ${MB(XLSX_LIMITS.entryBytes)} allowed for one part`);
    total += size;
    if (total > XLSX_LIMITS.totalBytes) return refused(`The workbook unpacks to more than ${MB(XLSX_LIMITS.totalBytes)}`);
    if (size > XLSX_LIMITS.ratioFrom && size / Math.max(packed, 1) > XLSX_LIMITS.ratio)
      return refused(`The workbook's ${name} is packed ${Math.round(size / Math.max(packed, 1))} times over (more than ${XLSX_LIMITS.ratio} is not a spreadsheet)`);
    const start = offset + 30 + b2(bytes, offset + 26) + b2(bytes, offset + 28);
    const data = bytes.subarray(start, start + packed);
    const xml = method === 0 ? data : inflateAtMost(data, declared);
    if (!xml) return refused(`The workbook's ${name} unpacks to more than the ${declared.toLocaleString("en-US")} bytes it declares, or is damaged`);
    if (longestTextRun(xml) > XLSX_LIMITS.textRun)
      return refused(`The workbook's ${name} has more than ${XLSX_LIMITS.textRun / 1024} KB of text without markup (an Excel cell holds at most 32,767 characters)`);
    measureGrid(utf8.decode(xml), grid);
  }
  const rows = Math.max(grid.rows, grid.rowElements);
  if (rows > XLSX_LIMITS.rows) return refused(`The sheet reaches row ${rows.toLocaleString("en-US")}`);
  if (grid.columns > XLSX_LIMITS.columns || rows * grid.columns > XLSX_LIMITS.cells)
    return refused(`The sheet spans ${rows.toLocaleString("en-US")} rows by ${grid.columns.toLocaleString("en-US")} columns`);
  return { ok: true };
}
