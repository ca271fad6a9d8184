import { openZip, unpackEntry, unpackedSize } from "./zip";

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
 * So the zip's entries are read here first, through the one zip reader (zip.ts, on fflate), in the
 * same way fflate reads them for read-excel-file (central directory, the same entries: `.xml` and
 * `.xml.rels`), counting what each really inflates to rather than trusting the sizes it declares
 * (zip.ts applies the limits on entries, sizes and packing ratio), and the XML is checked for
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

/** The entries read-excel-file unpacks (its filterZipArchiveEntry). */
const isXml = (name: string) => name.endsWith(".xml") || name.endsWith(".xml.rels");

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
  const listing = openZip(bytes, XLSX_LIMITS, isXml);
  if (!listing.ok) {
    switch (listing.reason) {
      case "not-zip":
        return { ok: true };
      case "zip64":
        return refused("The workbook is a zip64 archive (for files over 4 GB)");
      case "too-many":
        return refused(`The workbook holds ${listing.count.toLocaleString("en-US")} files`);
      case "entry-too-large":
        return refused(`The workbook's ${listing.name} unpacks to ${MB(listing.size)}, over the ${MB(XLSX_LIMITS.entryBytes)} allowed for one part`);
      case "total-too-large":
        return refused(`The workbook unpacks to more than ${MB(XLSX_LIMITS.totalBytes)}`);
      case "ratio":
        return refused(`The workbook's ${listing.name} is packed ${Math.round(listing.ratio)} times over (more than ${XLSX_LIMITS.ratio} is not a spreadsheet)`);
    }
  }
  const grid: Grid = { rows: 0, columns: 0, rowElements: 0 };
  const utf8 = new TextDecoder();
  for (const entry of listing.entries) {
    // Other methods: fflate refuses them, and read-excel-file says why.
    if (!isXml(entry.name) || (entry.method !== 0 && entry.method !== 8)) continue;
    const unpacked = unpackEntry(bytes, entry, unpackedSize(entry));
    if (!unpacked.ok)
      return refused(`The workbook's ${entry.name} unpacks to more than the ${entry.declared.toLocaleString("en-US")} bytes it declares, or is damaged`);
    const xml = unpacked.data;
    if (longestTextRun(xml) > XLSX_LIMITS.textRun)
      return refused(`The workbook's ${entry.name} has more than ${XLSX_LIMITS.textRun / 1024} KB of text without markup (an Excel cell holds at most 32,767 characters)`);
    measureGrid(utf8.decode(xml), grid);
  }
  const rows = Math.max(grid.rows, grid.rowElements);
  if (rows > XLSX_LIMITS.rows) return refused(`The sheet reaches row ${rows.toLocaleString("en-US")}`);
  if (grid.columns > XLSX_LIMITS.columns || rows * grid.columns > XLSX_LIMITS.cells)
    return refused(`The sheet spans ${rows.toLocaleString("en-US")} rows by ${grid.columns.toLocaleString("en-US")} columns`);
  return { ok: true };
}
