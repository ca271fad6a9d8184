import { readdirSync, readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { quizInput, type QuizInput } from "../quiz-schema";
import { fieldText } from "./anki";
import { alternatives } from "./apkg";
import { apkgCard, exportApkg, fieldChecksum } from "./apkg-export";
import { parseImport } from "./index";

/** A fixed clock for the export's ids and modification times. */
const NOW = 1_760_000_000_000;

/**
 * Anki's legacy collection schema, as rslib/src/storage/schema11.sql creates it (copied here on
 * its own, not from the exporter, so a change to the exporter's schema fails this test).
 */
const ANKI_SCHEMA_11: Record<string, string[]> = {
  col: ["id", "crt", "mod", "scm", "ver", "dty", "usn", "ls", "conf", "models", "decks", "dconf", "tags"],
  notes: ["id", "guid", "mid", "mod", "usn", "tags", "flds", "sfld", "csum", "flags", "data"],
  cards: ["id", "nid", "did", "ord", "mod", "usn", "type", "queue", "due", "ivl", "factor", "reps", "lapses", "left", "odue", "odid", "flags", "data"],
  revlog: ["id", "cid", "usn", "ease", "ivl", "lastIvl", "factor", "time", "type"],
  graves: ["usn", "oid", "type"],
};
const ANKI_CREATE_TABLES = `
create table col
(
    id     integer primary key,
    crt    integer not null,
    mod    integer not null,
    scm    integer not null,
    ver    integer not null,
    dty    integer not null,
    usn    integer not null,
    ls     integer not null,
    conf   text    not null,
    models text    not null,
    decks  text    not null,
    dconf  text    not null,
    tags   text    not null
);
create table notes
(
    id    integer primary key,
    guid  text    not null,
    mid   integer not null,
    mod   integer not null,
    usn   integer not null,
    tags  text    not null,
    flds  text    not null,
    sfld  integer not null,
    csum  integer not null,
    flags integer not null,
    data  text    not null
);
create table cards
(
    id     integer primary key,
    nid    integer not null,
    did    integer not null,
    ord    integer not null,
    mod    integer not null,
    usn    integer not null,
    type   integer not null,
    queue  integer not null,
    due    integer not null,
    ivl    integer not null,
    factor integer not null,
    reps   integer not null,
    lapses integer not null,
    left   integer not null,
    odue   integer not null,
    odid   integer not null,
    flags  integer not null,
    data   text    not null
);
create table revlog
(
    id      integer primary key,
    cid     integer not null,
    usn     integer not null,
    ease    integer not null,
    ivl     integer not null,
    lastIvl integer not null,
    factor  integer not null,
    time    integer not null,
    type    integer not null
);
create table graves
(
    usn  integer not null,
    oid  integer not null,
    type integer not null
);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

type Column = { name: string; type: string; notnull: number; pk: number };
async function describeSchema(bytes: Uint8Array) {
  const SQL = await initSqlJs();
  const db = new SQL.Database(bytes);
  try {
    const tables = (db.exec("select name from sqlite_master where type = 'table' order by name")[0]?.values ?? []).map((r) => String(r[0]));
    const indexes = (db.exec("select name, tbl_name from sqlite_master where type = 'index' and sql is not null order by name")[0]?.values ?? []).map((r) => `${r[1]}.${r[0]}`);
    const columns: Record<string, Column[]> = {};
    for (const t of tables)
      columns[t] = (db.exec(`pragma table_info(${t})`)[0]?.values ?? []).map((r) => ({ name: String(r[1]), type: String(r[2]).toLowerCase(), notnull: Number(r[3]), pk: Number(r[5]) }));
    return { tables, indexes, columns };
  } finally {
    db.close();
  }
}

const ALL_TYPES: QuizInput = quizInput.parse({
  title: "Every type",
  description: "One of each",
  category: "science",
  tags: ["mixed bag", "test"],
  questions: [
    { type: "single", prompt: "Which planet is red?", options: ["Venus", "Mars", "Jupiter"], correct: 1, explanation: "Iron oxide." },
    { type: "multiple", prompt: "Which are gas giants?", options: ["Jupiter", "Earth", "Saturn"], correct: [0, 2] },
    { type: "boolean", prompt: "The Sun is a star.", correct: true },
    { type: "text", prompt: "Chemical symbol of gold? <b>not bold</b> & more", accepted: ["Au", "gold / oro"], explanation: "From Latin aurum.\nSecond line." },
    { type: "order", prompt: "Order from the Sun", items: ["Mercury", "Venus", "Earth"] },
    { type: "number", prompt: "How many planets?", answer: 8, min: 0, max: 20, tolerance: 0, unit: "planets" },
  ],
});

describe("exportApkg", () => {
  it("writes a collection whose tables, columns and indexes are Anki's legacy schema", async () => {
    const files = unzipSync(await exportApkg(ALL_TYPES, { now: NOW }));
    expect(Object.keys(files).sort()).toEqual(["collection.anki2", "media"]);
    expect(new TextDecoder().decode(files.media)).toBe("{}");
    const SQL = await initSqlJs();
    const reference = new SQL.Database();
    reference.exec(ANKI_CREATE_TABLES);
    const expected = await describeSchema(reference.export());
    reference.close();
    const actual = await describeSchema(files["collection.anki2"] as Uint8Array);
    expect(actual).toEqual(expected);
    expect(actual.tables).toEqual(Object.keys(ANKI_SCHEMA_11).sort());
    for (const [table, cols] of Object.entries(ANKI_SCHEMA_11)) expect(actual.columns[table]?.map((c) => c.name)).toEqual(cols);
  });

  it("fills the col row, notes and cards as Anki expects", async () => {
    const files = unzipSync(await exportApkg(ALL_TYPES, { now: 1_750_000_000_000 }));
    const SQL = await initSqlJs();
    const db = new SQL.Database(files["collection.anki2"]);
    try {
      const [ver, models, decks, dconf] = db.exec("select ver, models, decks, dconf from col")[0]?.values[0] ?? [];
      expect(ver).toBe(11);
      const model = Object.values(JSON.parse(String(models)) as Record<string, { type: number; flds: { name: string }[]; tmpls: { qfmt: string }[] }>);
      expect(model).toHaveLength(1);
      expect(model[0]?.type).toBe(0);
      expect(model[0]?.flds.map((f) => f.name)).toEqual(["Front", "Back", "Explanation"]);
      const deckNames = Object.values(JSON.parse(String(decks)) as Record<string, { name: string; conf: number }>).map((d) => d.name);
      expect(deckNames.sort()).toEqual(["Default", "Every type"]);
      expect(Object.keys(JSON.parse(String(dconf)))).toEqual(["1"]);
      const notes = db.exec("select id, guid, mid, tags, flds, sfld, csum from notes order by id")[0]?.values ?? [];
      expect(notes).toHaveLength(6);
      const guids = new Set(notes.map((n) => n[1]));
      expect(guids.size).toBe(6);
      for (const n of notes) {
        const front = String(n[4]).split("\x1f")[0] ?? "";
        expect(n[6]).toBe(await fieldChecksum(front));
        expect(n[3]).toBe(" mixed_bag test ");
      }
      // Anki's rule: the checksum is taken of the field's text without tags, entities decoded.
      expect(await fieldChecksum("a<b>b</b>&amp;")).toBe(Number.parseInt("" + (await sha1("ab&")).slice(0, 8), 16));
      const cards = db.exec("select nid, ord, type, queue, due from cards order by nid")[0]?.values ?? [];
      expect(cards.map((c) => [c[1], c[2], c[3]])).toEqual(Array(6).fill([0, 0, 0]));
      expect(cards.map((c) => c[0])).toEqual(notes.map((n) => n[0]));
      expect(db.exec("select count(*) from revlog")[0]?.values[0]?.[0]).toBe(0);
      expect(db.exec("select count(*) from graves")[0]?.values[0]?.[0]).toBe(0);
    } finally {
      db.close();
    }
  });

  it("reads back with the importer as the same questions, one typed-recall card each", async () => {
    const r = await parseImport("apkg", await exportApkg(ALL_TYPES, { now: NOW }), { fileName: "x.apkg" });
    expect(r.problems).toEqual([]);
    expect(r.notices).toBeUndefined();
    expect(r.quiz.title).toBe("Every type");
    const expected = ALL_TYPES.questions.map((q, i) => {
      const c = apkgCard(q, `${ALL_TYPES.title}\x1f${i}\x1f${q.prompt}`);
      // Anki fields are HTML: line breaks travel as <br>, and a blank line reads back as one break.
      return { type: "text", prompt: fieldText(asHtml(c.front)), accepted: alternatives(c.back), explanation: c.explanation, points: 1000 };
    });
    expect(r.questions.map((q) => q.question)).toEqual(expected);
    // A text question comes back as it was, unless an accepted answer itself holds " / ".
    const { accepted: _, ...rest } = ALL_TYPES.questions[3] as Extract<QuizInput["questions"][number], { type: "text" }>;
    expect(r.questions[3]?.question).toEqual({ ...rest, accepted: ["Au", "gold", "oro"], points: 1000 });
    const plain = quizInput.parse({ ...ALL_TYPES, questions: [{ type: "text", prompt: "Colour?", accepted: ["colour", "color"], explanation: "Either spelling." }] });
    expect((await parseImport("apkg", await exportApkg(plain, { now: NOW }))).questions[0]?.question).toEqual(plain.questions[0]);
    expect(expected.map((q) => q.accepted)).toEqual([["Mars"], ["Jupiter; Saturn"], ["True"], ["Au", "gold", "oro"], ["Mercury → Venus → Earth"], ["8 planets"]]);
    expect(expected[0]?.prompt).toBe("Which planet is red?\nA. Venus\nB. Mars\nC. Jupiter");
    expect(expected[4]?.prompt).not.toBe("Order from the Sun\n• Mercury\n• Venus\n• Earth");
  });

  it("every demo quiz round-trips through .apkg with one card per question", async () => {
    const dir = new URL("../../db/seed/quizzes/", import.meta.url);
    const demos = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(demos.length).toBeGreaterThan(0);
    for (const file of demos) {
      const quiz = quizInput.parse(JSON.parse(readFileSync(new URL(file, dir), "utf8")));
      const r = await parseImport("apkg", await exportApkg(quiz, { now: NOW }));
      // Each question is a card, or a card left out because its back is too long to type (an order
      // question's items in a row, say), which the import says.
      expect(r.questions.length + r.problems.length, quiz.title).toBe(quiz.questions.length);
      for (const p of r.problems) expect(p).toMatchObject({ skipped: true, reason: expect.stringMatching(/the answer is \d+ characters; a typed answer may be at most 100/) });
      const kept = new Set(r.questions.map((q) => q.line - 1));
      expect(r.questions.map((q) => q.question.prompt.split("\n")[0])).toEqual(
        quiz.questions.filter((_, i) => kept.has(i)).map((q) => fieldText(asHtml(q.prompt)).split("\n")[0]),
      );
    }
  });
});

/** As the exporter writes text into an Anki field. */
function asHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\n/g, "<br>");
}

async function sha1(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text)));
  return [...d].map((b) => b.toString(16).padStart(2, "0")).join("");
}
