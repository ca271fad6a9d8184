import { readFileSync } from "node:fs";
import path from "node:path";
import { strToU8, unzipSync, zipSync, type Zippable } from "fflate";

/**
 * Import files built to stall or exhaust a server, each small enough to upload (under 5 MB) and
 * honest about its sizes unless its name says otherwise. The import tests, the end-to-end test
 * and `npm run bench:imports` build them from here; `npx tsx src/test/hostile-imports.ts DIR`
 * writes them to DIR to try by hand.
 */
export type HostileFormat = "json" | "csv" | "gift" | "aiken" | "opentdb" | "kahoot" | "apkg";
export type HostileFile = {
  name: string;
  format: HostileFormat;
  fileName: string;
  /** What it does to an unprotected parser. */
  what: string;
  /** Builds the file: text, or the .xlsx / .apkg bytes (some take a second and 100 MB to build). */
  make: () => string | Uint8Array | Promise<Uint8Array>;
};

const KAHOOT_SAMPLE = path.resolve(import.meta.dirname, "../../samples/import/kahoot.xlsx");

/** The Kahoot! sample with some entries replaced (or added), zipped at the best compression. */
export function kahootWith(replace: Record<string, string | Uint8Array>, options: { level?: 0 | 1 | 9 } = {}): Uint8Array {
  const entries: Zippable = { ...unzipSync(readFileSync(KAHOOT_SAMPLE)) };
  for (const [name, body] of Object.entries(replace)) entries[name] = typeof body === "string" ? strToU8(body) : body;
  return zipSync(entries, { level: options.level ?? 9 });
}

const MiB = 1024 * 1024;

/** `<sheetData>` + n spaces + `</sheetData>` as the first sheet. */
export function xlsxSpaces(spaces: number): Uint8Array {
  return kahootWith({ "xl/worksheets/sheet1.xml": `<sheetData>${" ".repeat(spaces)}</sheetData>` });
}

/** Blocks of `[html]` + n unclosed `<` + ` {T}` (a true-or-false question each). */
export function giftHtmlLt(blocks: number, n = 19_990): string {
  return Array.from({ length: blocks }, () => `[html]${"<".repeat(n)} {T}`).join("\n\n");
}

/** A sheet of `bytes` of rows of one inline-string cell each. */
function xlsxManyRows(bytes: number): Uint8Array {
  const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
  const sheet = `<worksheet><sheetData>${row.repeat(Math.ceil(bytes / row.length))}</sheetData></worksheet>`;
  return kahootWith({ "xl/worksheets/sheet1.xml": sheet });
}

/** A real-looking sheet whose one cell sits at the last row and column Excel has. */
function xlsxFarCell(): Uint8Array {
  const sheet =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Question</t></is></c></row>' +
    '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far</t></is></c></row>' +
    "</sheetData></worksheet>";
  return kahootWith({ "xl/worksheets/sheet1.xml": sheet });
}

/** A zip whose central directory says an entry is small while its data inflates to `real` bytes. */
function xlsxLyingSizes(real: number): Uint8Array {
  const bytes = kahootWith({ "xl/worksheets/sheet1.xml": `<sheetData>${" ".repeat(real)}</sheetData>` });
  // Rewrite the declared uncompressed size of sheet1.xml in both headers to 1 KB.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const name = "xl/worksheets/sheet1.xml";
  for (let i = 0; i + 46 < bytes.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50 && new TextDecoder().decode(bytes.subarray(i + 30, i + 30 + name.length)) === name)
      view.setUint32(i + 22, 1024, true);
    if (sig === 0x02014b50 && new TextDecoder().decode(bytes.subarray(i + 46, i + 46 + name.length)) === name)
      view.setUint32(i + 24, 1024, true);
  }
  return bytes;
}

/** A zip whose collection.anki2 is `real` bytes of zeros; with `lie`, both headers declare 1 KB. */
function apkgBomb(real: number, lie: boolean): Uint8Array {
  const bytes = zipSync({ "collection.anki2": new Uint8Array(real) }, { level: 9 });
  if (!lie) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i + 4 < bytes.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, 1024, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, 1024, true);
  }
  return bytes;
}

/** A CSV whose one cell is a quoted field that is never closed, with a time limit of spaces. */
function csvHugeField(): string {
  const head = "type,prompt,option_1,option_2,correct,time_limit\n";
  const row = `single,Q,a,b,1,1${" ".repeat(2 * MiB)}x\n`;
  return `${head}${row}single,"${"x".repeat(2 * MiB)}`;
}

export function hostileFiles(): HostileFile[] {
  return [
    {
      name: "xlsx-spaces",
      format: "kahoot",
      fileName: "spaces.xlsx",
      what: "sheet1.xml is <sheetData> + 20 MiB of spaces + </sheetData>; read-excel-file re-reads the growing text on every chunk",
      make: () => xlsxSpaces(20 * MiB),
    },
    {
      name: "xlsx-zip-bomb",
      format: "kahoot",
      fileName: "bomb.xlsx",
      what: "sheet1.xml is 30 MiB of rows (sizes declared honestly, under the old 100 MB cap)",
      make: () => xlsxManyRows(30 * MiB),
    },
    {
      name: "xlsx-lying-sizes",
      format: "kahoot",
      fileName: "liar.xlsx",
      what: "sheet1.xml declares 1 KB and inflates to 30 MiB",
      make: () => xlsxLyingSizes(30 * MiB),
    },
    {
      name: "xlsx-far-cell",
      format: "kahoot",
      fileName: "far.xlsx",
      what: "a cell at XFD1048576: a reader that fills the grid allocates 17 billion cells",
      make: () => xlsxFarCell(),
    },
    {
      name: "gift-html-lt",
      format: "gift",
      fileName: "lt.gift",
      what: '240 × ("[html]" + 19,990 "<" + " {T}"): /<[^>]+>/g is quadratic',
      make: () => giftHtmlLt(240),
    },
    {
      name: "gift-html-lt-under-cap",
      format: "gift",
      fileName: "lt-under-cap.gift",
      what: '480 × ("[html]" + 9,990 "<" + " {T}"): every block at the 10,000-character cap, so each is parsed and stripped',
      make: () => giftHtmlLt(480, 9_990),
    },
    {
      name: "gift-markdown-brackets",
      format: "gift",
      fileName: "brackets.gift",
      what: '240 × ("[markdown]" + 9,995 "![" + " {T}"): the link regexes are quadratic',
      make: () => Array.from({ length: 240 }, () => `[markdown]${"![".repeat(9_995)} {T}`).join("\n\n"),
    },
    {
      name: "gift-one-block",
      format: "gift",
      fileName: "one-block.gift",
      what: "one 3 MB question of nested braces for the GIFT grammar",
      make: () => `::T::${"{".repeat(1_500_000)}${"}".repeat(1_500_000)}`,
    },
    {
      name: "json-deep",
      format: "json",
      fileName: "deep.json",
      what: "4 MB of nested arrays",
      make: () => `${"[".repeat(2 * MiB)}${"]".repeat(2 * MiB)}`,
    },
    {
      name: "opentdb-deep",
      format: "opentdb",
      fileName: "deep-opentdb.json",
      what: "nested objects under results",
      make: () => `{"results":${'{"a":'.repeat(500_000)}1${"}".repeat(500_000)}}`,
    },
    {
      name: "csv-huge-field",
      format: "csv",
      fileName: "huge.csv",
      what: "a 2 MiB time limit of spaces (a quadratic suffix regex) and an unclosed 2 MiB quoted field",
      make: () => csvHugeField(),
    },
    {
      name: "apkg-not-zip",
      format: "apkg",
      fileName: "not-a-deck.apkg",
      what: "a tab-separated text export renamed .apkg",
      make: () => strToU8("hola\thello\ncomer\tto eat\n".repeat(1000)),
    },
    {
      name: "apkg-zip-bomb",
      format: "apkg",
      fileName: "bomb.apkg",
      what: "collection.anki2 inflates to 200 MiB of zeros (sizes declared honestly)",
      make: () => apkgBomb(200 * MiB, false),
    },
    {
      name: "apkg-lying-sizes",
      format: "apkg",
      fileName: "liar.apkg",
      what: "collection.anki2 declares 1 KB and inflates to 200 MiB",
      make: () => apkgBomb(200 * MiB, true),
    },
    {
      name: "apkg-not-anki",
      format: "apkg",
      fileName: "other-sqlite.apkg",
      what: "collection.anki2 is an SQLite database of another program (no col, notes or cards tables)",
      make: async () => {
        const { default: initSqlJs } = await import("sql.js");
        const db = new (await initSqlJs()).Database();
        db.run("create table users (id integer primary key, name text); insert into users values (1, 'x')");
        const bytes = db.export();
        db.close();
        return zipSync({ "collection.anki2": bytes });
      },
    },
    {
      name: "apkg-notes-view",
      format: "apkg",
      fileName: "view.apkg",
      what: "notes is a view over an endless recursive query: reading it never ends",
      make: async () => {
        const { ankiPackage } = await import("./anki-fixture");
        return ankiPackage([], {
          tamper: (db) =>
            db.exec("drop table notes; create view notes as with recursive n(id, mid, flds) as (select 1, 1001, 'q' || char(31) || 'a' union all select id + 1, 1001, flds from n) select * from n"),
        });
      },
    },
    {
      name: "apkg-too-many-notes",
      format: "apkg",
      fileName: "huge-deck.apkg",
      what: "a real Anki collection with 200,000 notes",
      make: async () => {
        const { ankiPackage } = await import("./anki-fixture");
        return ankiPackage([], {
          tamper: (db) =>
            db.exec(
              "with recursive n(i) as (select 1 union all select i + 1 from n where i < 200000) insert into notes select i, 'g' || i, 1001, 0, 0, '', 'q' || i || char(31) || 'a', 'q', 0, 0, '' from n",
            ),
        });
      },
    },
    {
      name: "aiken-long-lines",
      format: "aiken",
      fileName: "long.txt",
      what: "one question with 4 MB of option lines",
      make: () => `Q?\n${"A. x\n".repeat(800_000)}ANSWER: A\n`,
    },
  ];
}

/** As the JSON API takes it: text as is, an .xlsx or .apkg as base64. */
export function apiContent(content: string | Uint8Array): string {
  return typeof content === "string" ? content : Buffer.from(content).toString("base64");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { mkdirSync, writeFileSync } = await import("node:fs");
  const dir = process.argv[2] ?? "hostile-imports";
  mkdirSync(dir, { recursive: true });
  for (const f of hostileFiles()) {
    const content = await f.make();
    writeFileSync(path.join(dir, f.fileName), content);
    console.log(`${f.fileName}\t${f.format}\t${typeof content === "string" ? Buffer.byteLength(content) : content.byteLength} bytes\t${f.what}`);
  }
}
