import type { Database } from "sql.js";
import { LIMITS } from "../quiz-schema";
import { answerText, clozeNumbers, fieldText, mediaRefs, parseModels, planCards, planCloze, renderCloze, splitFields, type AnkiModel } from "./anki";
import { Collector, defaultMeta, fitTitle, isRecord, type ImportResult, type QuestionRef } from "./common";
import { sqlite } from "./sqlite";
import { openZip, unpackEntry, type ZipEntry, type ZipLimits } from "./zip";

/**
 * Anki packages (.apkg): a zip holding the collection, an SQLite database (`collection.anki21`,
 * or `collection.anki2` from older versions), a `media` list and the numbered media files. Notes
 * become typed-recall (text) questions: one per card a Basic-style template makes (front →
 * prompt, the field the back adds → accepted answer, further back fields → explanation), one per
 * cloze number of a Cloze note. Media are skipped and counted. docs/import-formats.md has the
 * details; every limit below turns a hostile file into one whole-file problem.
 */
export const APKG_LIMITS = {
  /** Files in the zip (a deck with pictures has one per picture). */
  entries: 20_000,
  /** Unpacked bytes of the collection database (a deck of 20,000 notes is about 10 MB). */
  collectionBytes: 32 * 1024 * 1024,
  /** Unpacked bytes of the `media` list. */
  mediaListBytes: 4 * 1024 * 1024,
  /** Unpacked / packed of the collection or the media list, above 4 MiB: a deck's text packs 2 to 20 times. */
  ratio: 250,
  /** Notes in the collection; a quiz keeps 200 questions, the rest are counted. */
  notes: 20_000,
  /** Characters of one field's HTML. */
  fieldChars: 100_000,
} as const;

/** The entries of a package that are ever unpacked: the collection and the media list. */
const UNPACKED = new Set(["collection.anki21", "collection.anki2", "media"]);

/** What the package may declare before anything is unpacked (zip.ts applies them). */
const ZIP_LIMITS: ZipLimits = {
  entries: APKG_LIMITS.entries,
  entryBytes: APKG_LIMITS.collectionBytes,
  totalBytes: APKG_LIMITS.collectionBytes + APKG_LIMITS.mediaListBytes,
  ratio: APKG_LIMITS.ratio,
  ratioFrom: 4 * 1024 * 1024,
};

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const failed = (title: string | undefined) => (reason: string): ImportResult => ({ quiz: defaultMeta(title), questions: [], problems: [{ line: 0, reason }] });

/** Columns the reader needs; a database without them is not an Anki collection. */
const REQUIRED: Record<string, string[]> = {
  col: ["models", "decks"],
  notes: ["id", "mid", "flds"],
  cards: ["nid", "did"],
};

function checkSchema(db: Database): string | undefined {
  for (const [table, columns] of Object.entries(REQUIRED)) {
    const type = db.exec("select type from sqlite_master where name = ?", [table])[0]?.values[0]?.[0];
    // A view could run any query (a recursive one never ends); only real tables are read.
    if (type !== "table") return `it has no ${table} table`;
    const have = new Set((db.exec(`pragma table_info(${table})`)[0]?.values ?? []).map((r) => String(r[1])));
    const missing = columns.filter((c) => !have.has(c));
    if (missing.length) return `its ${table} table has no ${missing.join(", ")} column`;
  }
  return undefined;
}

/** The name of the deck most cards are in ("Languages::Spanish" → "Spanish"), unless it is "Default". */
function deckTitle(db: Database, decksJson: string): string | undefined {
  let decks: unknown;
  try {
    decks = JSON.parse(decksJson);
  } catch {
    return undefined;
  }
  if (!isRecord(decks)) return undefined;
  const top = db.exec("select did from cards group by did order by count(*) desc limit 1")[0]?.values[0]?.[0];
  const deck = top === undefined || top === null ? undefined : decks[String(top)];
  const name = isRecord(deck) && typeof deck.name === "string" ? deck.name : undefined;
  const last = name?.split("::").pop()?.trim();
  return last && last !== "Default" ? last : undefined;
}

/** Names in the package's `media` list ({"0": "cat.jpg", …}). */
function mediaList(bytes: Uint8Array, entry: ZipEntry | undefined): string[] {
  if (!entry) return [];
  const unpacked = unpackEntry(bytes, entry, APKG_LIMITS.mediaListBytes);
  if (!unpacked.ok) return [];
  try {
    const list: unknown = JSON.parse(new TextDecoder().decode(unpacked.data));
    return isRecord(list) ? Object.values(list).filter((v): v is string => typeof v === "string") : [];
  } catch {
    // The newest packages keep a binary list here; the numbered files are counted instead.
    return [];
  }
}

/**
 * "colour / color" → both accepted: a back that lists spellings or synonyms separated by " / "
 * (spaces on both sides, as the export writes them; "1/2" stays whole) accepts each of them.
 */
export function alternatives(answer: string): string[] {
  const parts = answer.split(" / ").map((p) => p.trim());
  if (parts.length < 2 || parts.length > LIMITS.acceptedMax || parts.some((p) => !p)) return [answer];
  return [...new Set(parts)];
}

type Note = { fields: string[]; line: number };

class NoteReader {
  readonly media = new Set<string>();
  constructor(private readonly collector: Collector) {}

  /** Adds one text question, or a problem saying why the card cannot be one. */
  private card(ref: QuestionRef, promptHtml: string, answerHtml: string, extraHtml: string[]) {
    for (const m of mediaRefs(promptHtml + answerHtml + extraHtml.join(""))) this.media.add(m);
    const prompt = fieldText(promptHtml);
    let answer = answerText(answerHtml);
    const hadMedia = mediaRefs(promptHtml).length > 0 || mediaRefs(answerHtml).length > 0;
    // A back that opens with a sound or picture ({{Audio}}, then Meaning…) answers with its first field with text.
    if (!answer && mediaRefs(answerHtml).length > 0) {
      const i = extraHtml.findIndex((h) => answerText(h));
      if (i >= 0) {
        answer = answerText(extraHtml[i]!);
        extraHtml = extraHtml.filter((_, j) => j !== i);
      }
    }
    if (!prompt) return this.collector.fail(ref, hadMedia ? "the front is only a picture or sound, and media are not imported" : "the front is empty", true);
    if (!answer) return this.collector.fail(ref, hadMedia ? "the answer is only a picture or sound, and media are not imported" : "the answer is empty, so there is no correct answer", true);
    if (answer.length > LIMITS.acceptedLenMax)
      return this.collector.fail(
        ref,
        `the answer is ${answer.length} characters; a typed answer may be at most ${LIMITS.acceptedLenMax}, so this card was left out`,
        true,
      );
    const explanation = extraHtml.map((h) => fieldText(h)).filter(Boolean).join("\n");
    this.collector.add(ref, { type: "text", prompt, accepted: alternatives(answer), explanation });
  }

  read(model: AnkiModel | undefined, note: Note): void {
    const c = this.collector;
    const f = (i: number) => note.fields[i] ?? "";
    if (!model) {
      c.fail(c.next(note.line), "its note type is missing from the collection", true);
      return;
    }
    if (note.fields.some((x) => x.length > APKG_LIMITS.fieldChars)) {
      c.fail(c.next(note.line), `a field is longer than ${APKG_LIMITS.fieldChars.toLocaleString("en-US")} characters`);
      return;
    }
    if (model.cloze) {
      const plan = planCloze(model);
      const html = plan.text.map(f).join("<br>");
      const numbers = clozeNumbers(html);
      if (numbers.length === 0) {
        c.fail(c.next(note.line), "a cloze note without any {{c1::…}} deletion", true);
        return;
      }
      for (const n of numbers) {
        const ref = c.next(note.line);
        if (c.full) {
          c.skip(ref);
          continue;
        }
        const { prompt, answers } = renderCloze(html, n);
        this.card(ref, prompt, answers.join(", "), plan.extra.map(f));
      }
      return;
    }
    const plans = planCards(model);
    if (plans.length === 0) {
      c.fail(c.next(note.line), `its note type ${JSON.stringify(model.name.slice(0, 60))} has no card with a front and a back`, true);
      return;
    }
    for (const plan of plans) {
      // As Anki: a card exists when its front shows something and its {{#Field}} sections are filled.
      if (plan.requires.some((i) => !f(i).trim()) || plan.prompt.every((i) => !f(i).trim())) continue;
      const ref = c.next(note.line);
      if (c.full) {
        c.skip(ref);
        continue;
      }
      this.card(ref, plan.prompt.map(f).join("<br>"), f(plan.answer), plan.extra.map(f));
    }
  }
}

/** Reads an .apkg. Resolves to questions and problems; a broken or hostile file is one whole-file problem. */
export async function parseApkg(bytes: Uint8Array, fallbackTitle?: string): Promise<ImportResult> {
  const fail = failed(fallbackTitle);
  const listing = openZip(bytes, ZIP_LIMITS, (name) => UNPACKED.has(name));
  if (!listing.ok) {
    switch (listing.reason) {
      case "not-zip":
        return fail("This is not an Anki package: an .apkg file is a zip archive, and this file is not one");
      case "zip64":
        return fail("The package is a zip64 archive (for files over 4 GB); an Anki deck is far smaller");
      case "too-many":
        return fail(`The package holds more than ${APKG_LIMITS.entries.toLocaleString("en-US")} files`);
      case "entry-too-large":
      case "total-too-large":
        return fail(`The package's ${listing.reason === "entry-too-large" && listing.name === "media" ? "media list" : "collection"} unpacks to more than ${MB(APKG_LIMITS.collectionBytes)}; an Anki deck of quiz size is far smaller, so it was not opened`);
      case "ratio":
        return fail(`The package's ${listing.name} is packed ${Math.round(listing.ratio)} times over; an Anki deck packs far less, so it was not opened`);
    }
  }
  const byName = new Map(listing.entries.map((e) => [e.name, e]));
  const collection = byName.get("collection.anki21") ?? (byName.has("collection.anki21b") ? undefined : byName.get("collection.anki2"));
  if (!collection) {
    if (byName.has("collection.anki21b"))
      return fail(
        "This package is in the newest Anki format (collection.anki21b), which Quizdeck cannot read; in Anki, export the deck again with \"Support older Anki versions\" ticked",
      );
    return fail("The zip holds no Anki collection (collection.anki21 or collection.anki2); check that it is a deck exported from Anki (.apkg)");
  }
  // Inflating stops as soon as the entry passes the size it declared (an honest zip inflates to
  // exactly that), so a lying zip costs nothing either.
  const unpacked = unpackEntry(bytes, collection, collection.declared);
  if (!unpacked.ok && unpacked.reason === "too-large")
    return fail(`The package's collection unpacks to more than the ${collection.declared.toLocaleString("en-US")} bytes it declares; the package is damaged or made to mislead, so it was not opened`);
  if (!unpacked.ok) return fail("The package is damaged: its collection cannot be unpacked");
  const header = new TextDecoder().decode(unpacked.data.subarray(0, 16));
  if (header !== "SQLite format 3\0") return fail("The package's collection is not an SQLite database, so it is not an Anki collection");

  const SQL = await sqlite();
  let db: Database | undefined;
  try {
    try {
      db = new SQL.Database(unpacked.data);
      const why = checkSchema(db);
      if (why) return fail(`The package's database is not an Anki collection: ${why}`);
    } catch {
      return fail("The package's database is damaged and cannot be read");
    }
    const count = Number(db.exec("select count(*) from notes")[0]?.values[0]?.[0] ?? 0);
    if (count > APKG_LIMITS.notes)
      return fail(
        `The deck has ${count.toLocaleString("en-US")} notes; at most ${APKG_LIMITS.notes.toLocaleString("en-US")} can be read (and a quiz keeps ${LIMITS.questionsMax} questions); split the deck in Anki and export a part`,
      );
    const col = db.exec("select models, decks from col limit 1")[0]?.values[0];
    const models = parseModels(typeof col?.[0] === "string" ? col[0] : "");
    if (models.size === 0) return fail("The package's collection has no note types (col.models is empty or not JSON), so it is not an Anki deck it can read");
    const title = deckTitle(db, typeof col?.[1] === "string" ? col[1] : "");

    const collector = new Collector("note");
    const reader = new NoteReader(collector);
    const stmt = db.prepare("select mid, flds from notes order by id");
    try {
      for (let line = 1; stmt.step(); line++) {
        const [mid, flds] = stmt.get();
        reader.read(models.get(String(mid)), { fields: splitFields(String(flds ?? "")), line });
      }
    } finally {
      stmt.free();
    }
    const media = new Set([...mediaList(bytes, byName.get("media")), ...reader.media]);
    // The newest packages list media in a binary file; their numbered files still count.
    const numbered = listing.entries.filter((e) => /^\d+$/.test(e.name)).length;
    const skipped = Math.max(media.size, numbered);
    const result = collector.result(defaultMeta(fitTitle(title) ?? fallbackTitle));
    if (skipped > 0)
      result.notices = [
        `${skipped} media ${skipped === 1 ? "file" : "files"} skipped: pictures and sounds are not imported`,
      ];
    return result;
  } finally {
    db?.close();
  }
}
