import { strToU8, zipSync, type Zippable } from "fflate";
import initSqlJs, { type Database, type SqlJsStatic } from "sql.js";

/**
 * Anki packages for tests, written as Anki writes them: a zip with the collection in Anki's own
 * legacy schema (the CREATE TABLE statements of rslib/src/storage/schema11.sql), the stock note
 * types as Anki defines them (Basic, Basic (and reversed card), Basic (optional reversed card),
 * Basic (type in the answer), Cloze), and a `media` list. `collection.anki21` differs from
 * `collection.anki2` only in its name and in the scheduler Anki used, so one writer serves both.
 */
export const ANKI_SCHEMA_11 = `
create table col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null, dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

const field = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: "Arial", size: 20 });
const template = (name: string, ord: number, qfmt: string, afmt: string) => ({ name, ord, qfmt, afmt, bqfmt: "", bafmt: "", did: null });
const model = (id: number, name: string, type: 0 | 1, fields: string[], tmpls: ReturnType<typeof template>[]) => ({
  id,
  name,
  type,
  mod: 0,
  usn: 0,
  sortf: 0,
  did: 1,
  tmpls,
  flds: fields.map(field),
  css: ".card {}",
});

/** Anki's stock note types, with their real templates. */
export const STOCK = {
  basic: model(1001, "Basic", 0, ["Front", "Back"], [template("Card 1", 0, "{{Front}}", "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}")]),
  reversed: model(1002, "Basic (and reversed card)", 0, ["Front", "Back"], [
    template("Card 1", 0, "{{Front}}", "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}"),
    template("Card 2", 1, "{{Back}}", "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}"),
  ]),
  optionalReversed: model(1003, "Basic (optional reversed card)", 0, ["Front", "Back", "Add Reverse"], [
    template("Card 1", 0, "{{Front}}", "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}"),
    template("Card 2", 1, "{{#Add Reverse}}{{Back}}{{/Add Reverse}}", "{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}"),
  ]),
  typeIn: model(1004, "Basic (type in the answer)", 0, ["Front", "Back"], [
    template("Card 1", 0, "{{Front}}\n\n{{type:Back}}", "{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}"),
  ]),
  cloze: model(1005, "Cloze", 1, ["Text", "Back Extra"], [template("Cloze", 0, "{{cloze:Text}}", "{{cloze:Text}}<br>\n{{Back Extra}}")]),
  // Not stock: a shared vocabulary deck's note type, whose back opens with the word's recording.
  vocabAudio: model(1006, "Vocab (audio)", 0, ["Expression", "Audio", "Meaning", "Examples"], [
    template("Recognition", 0, "{{Expression}}", "{{FrontSide}}\n\n<hr id=answer>\n\n{{Audio}}<br>\n{{Meaning}}<br>\n{{Examples}}"),
  ]),
} as const;
export type StockModel = keyof typeof STOCK;

export type FixtureNote = { model: StockModel; fields: string[]; tags?: string[] };

export type FixtureOptions = {
  /** The collection's name in the zip: legacy `collection.anki2` (default) or `collection.anki21`. */
  collection?: "collection.anki2" | "collection.anki21";
  deck?: string;
  /** The `media` list; numbered entries get a few bytes each. */
  media?: Record<string, string>;
  /** Extra zip entries, or replacements. */
  extra?: Zippable;
  /** Runs on the database before it is written (to break it on purpose). */
  tamper?: (db: Database) => void;
};

let sql: Promise<SqlJsStatic> | undefined;

/** The collection database alone. */
export async function ankiCollection(notes: FixtureNote[], options: FixtureOptions = {}): Promise<Uint8Array> {
  const SQL = await (sql ??= initSqlJs());
  const db = new SQL.Database();
  try {
    db.exec(ANKI_SCHEMA_11);
    const models = Object.fromEntries(Object.values(STOCK).map((m) => [String(m.id), m]));
    const decks = {
      "1": { id: 1, name: "Default", conf: 1, dyn: 0, usn: 0, mod: 0, desc: "", collapsed: false },
      "1700000000001": { id: 1700000000001, name: options.deck ?? "Languages::Spanish verbs", conf: 1, dyn: 0, usn: 0, mod: 0, desc: "", collapsed: false },
    };
    db.run("insert into col values (1, 0, 0, 0, 11, 0, 0, 0, '{}', ?, ?, '{}', '{}')", [JSON.stringify(models), JSON.stringify(decks)]);
    notes.forEach((n, i) => {
      const m = STOCK[n.model];
      const id = 1_600_000_000_000 + i;
      db.run("insert into notes values (?, ?, ?, 0, 0, ?, ?, ?, 0, 0, '')", [id, `guid${i}`, m.id, ` ${(n.tags ?? []).join(" ")} `, n.fields.join("\x1f"), n.fields[0] ?? ""]);
      db.run("insert into cards values (?, ?, 1700000000001, 0, 0, 0, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')", [id, id, i + 1]);
    });
    options.tamper?.(db);
    return db.export();
  } finally {
    db.close();
  }
}

/** A whole .apkg. */
export async function ankiPackage(notes: FixtureNote[], options: FixtureOptions = {}): Promise<Uint8Array> {
  const entries: Zippable = {
    [options.collection ?? "collection.anki2"]: await ankiCollection(notes, options),
    media: strToU8(JSON.stringify(options.media ?? {})),
  };
  for (const key of Object.keys(options.media ?? {})) entries[key] = strToU8(`media ${key}`);
  Object.assign(entries, options.extra ?? {});
  return zipSync(entries, { level: 6 });
}

/** The sample deck of samples/import/anki.apkg: each stock note type, HTML, a picture and a sound. */
export const SAMPLE_NOTES: FixtureNote[] = [
  { model: "basic", fields: ["What is the capital of <b>Spain</b>?", "Madrid"] },
  { model: "basic", fields: ["Translate: <i>to eat</i>", "comer&nbsp;"] },
  { model: "reversed", fields: ["hablar", "to speak"] },
  { model: "optionalReversed", fields: ["vivir", "to live", ""] },
  { model: "typeIn", fields: ["Translate: <div>the dog</div>", "el perro"] },
  { model: "cloze", fields: ["{{c1::Madrid}} is the capital of {{c2::Spain::country}}.", "Since 1561."] },
  { model: "basic", fields: ['Which animal is this? <img src="cat.jpg">[sound:meow.mp3]', "a cat"] },
];
