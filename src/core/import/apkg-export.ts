import { decodeHTML } from "entities";
import { strToU8, zipSync } from "fflate";
import { stableShuffle } from "../question";
import type { QuestionInput, QuizInput } from "../quiz-schema";
import { sqlite } from "./sqlite";
import { dropTags } from "./text";

/**
 * A quiz as an Anki package that Anki opens: `collection.anki2` in Anki's legacy schema (version
 * 11, which every Anki since 2.0 imports) holding one note type with a Front, a Back and an
 * Explanation field, one deck named after the quiz, a note and a new card per question; and an
 * empty `media` list. Every question becomes a flip card: the front asks (with the choices or
 * items listed), the back gives the correct answer(s), and the explanation follows it. Read back
 * by parseApkg, each card is a typed-recall question with the back as its accepted answer.
 */

/** Anki's legacy schema (rslib/src/storage/schema11.sql), tables and indexes. */
const SCHEMA_11 = `
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

/** The note type's id: the same in every export, so a second import into Anki reuses it. */
export const APKG_MODEL_ID = 1_732_000_000_001;
const MODEL_NAME = "Quizdeck Basic";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r?\n/g, "<br>");

/** Front, back and explanation of one question, as plain text (escaped when written). */
export function apkgCard(q: QuestionInput, seed: string): { front: string; back: string; explanation: string } {
  const letter = (i: number) => String.fromCharCode(65 + i);
  switch (q.type) {
    case "single":
      return { front: `${q.prompt}\n\n${q.options.map((o, i) => `${letter(i)}. ${o}`).join("\n")}`, back: q.options[q.correct] ?? "", explanation: q.explanation };
    case "multiple":
      return {
        front: `${q.prompt}\n\n${q.options.map((o, i) => `${letter(i)}. ${o}`).join("\n")}`,
        back: q.correct.map((i) => q.options[i]).join("; "),
        explanation: q.explanation,
      };
    case "boolean":
      return { front: `${q.prompt}\n\nTrue / False`, back: q.correct ? "True" : "False", explanation: q.explanation };
    case "text":
      return { front: q.prompt, back: q.accepted.join(" / "), explanation: q.explanation };
    case "order":
      // Listed shuffled, as a player sees them: the order on the front is never the answer.
      return { front: `${q.prompt}\n\n${stableShuffle(q.items, seed).map((it) => `• ${it}`).join("\n")}`, back: q.items.join(" → "), explanation: q.explanation };
    case "number": {
      const unit = q.unit ? ` ${q.unit}` : "";
      return { front: q.prompt, back: `${q.answer}${unit}${q.tolerance ? ` (± ${q.tolerance}${unit})` : ""}`, explanation: q.explanation };
    }
    // No answer to recall: the export leaves polls and slides out (never called for them).
    case "poll":
      return { front: q.prompt, back: q.options.join(" / "), explanation: q.explanation };
    case "slide":
      return { front: q.prompt, back: q.text, explanation: q.explanation };
    case "wordcloud":
      return { front: q.prompt, back: "", explanation: q.explanation };
    // An open question is a card when it has a model answer to recall (left out otherwise).
    case "open":
      return { front: q.prompt, back: q.modelAnswer ?? "", explanation: q.explanation };
  }
}

async function sha1Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", strToU8(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Anki's checksum of a field: the first 8 hex digits of the SHA-1 of its text without tags, as a number. */
export async function fieldChecksum(html: string): Promise<number> {
  return Number.parseInt((await sha1Hex(decodeHTML(dropTags(html)))).slice(0, 8), 16);
}

function model(deckId: number, now: number) {
  const field = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: "Arial", size: 20, media: [] });
  return {
    [APKG_MODEL_ID]: {
      id: APKG_MODEL_ID,
      name: MODEL_NAME,
      type: 0,
      mod: now,
      usn: -1,
      sortf: 0,
      did: deckId,
      tmpls: [
        {
          name: "Card 1",
          ord: 0,
          qfmt: "{{Front}}",
          afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}\n\n{{#Explanation}}<div class="explanation">{{Explanation}}</div>{{/Explanation}}',
          bqfmt: "",
          bafmt: "",
          did: null,
          bfont: "",
          bsize: 0,
        },
      ],
      flds: [field("Front", 0), field("Back", 1), field("Explanation", 2)],
      css: ".card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }\n.explanation { margin-top: 1em; font-size: 16px; color: #555; }\n",
      latexPre: "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
      latexPost: "\\end{document}",
      latexsvg: false,
      req: [[0, "any", [0]]],
      tags: [],
      vers: [],
    },
  };
}

function deck(id: number, name: string, desc: string, now: number) {
  return {
    id,
    mod: now,
    name,
    usn: -1,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc,
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  };
}

const DECK_CONFIG = {
  "1": {
    id: 1,
    mod: 0,
    name: "Default",
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  },
};

export type ApkgExportOptions = {
  /** Milliseconds since 1970 for ids and modification times: the caller's clock (tests pass a fixed one). */
  now: number;
};

/** A quiz as .apkg bytes. */
export async function exportApkg(quiz: QuizInput, options: ApkgExportOptions): Promise<Uint8Array> {
  const nowMs = Math.floor(options.now);
  const now = Math.floor(nowMs / 1000);
  const deckId = 1_000_000_000 + (Number.parseInt((await sha1Hex(`deck\x1f${quiz.title}`)).slice(0, 7), 16) % 1_000_000_000);
  const SQL = await sqlite();
  const db = new SQL.Database();
  try {
    db.exec(SCHEMA_11);
    const conf = { activeDecks: [deckId], curDeck: deckId, newSpread: 0, collapseTime: 1200, timeLim: 0, estTimes: true, dueCounts: true, curModel: String(APKG_MODEL_ID), nextPos: quiz.questions.length + 1, sortType: "noteFld", sortBackwards: false, addToCur: true };
    const decks = { "1": deck(1, "Default", "", now), [deckId]: deck(deckId, quiz.title, quiz.description, now) };
    db.run("insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", [
      Math.floor(nowMs / 86_400_000) * 86_400,
      nowMs,
      nowMs,
      JSON.stringify(conf),
      JSON.stringify(model(deckId, now)),
      JSON.stringify(decks),
      JSON.stringify(DECK_CONFIG),
    ]);
    const tags = quiz.tags.length ? ` ${quiz.tags.map((t) => t.replace(/\s+/g, "_")).join(" ")} ` : "";
    const note = db.prepare("insert into notes values (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
    const card = db.prepare("insert into cards values (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')");
    try {
      for (const [i, q] of quiz.questions.entries()) {
        if (q.type === "poll" || q.type === "slide" || q.type === "wordcloud") continue; // no answer: not a card
        if (q.type === "open" && !q.modelAnswer) continue; // nothing to recall
        const seed = `${quiz.title}\x1f${i}\x1f${q.prompt}`;
        const c = apkgCard(q, seed);
        const front = escapeHtml(c.front);
        // Stable per quiz and question: importing a newer export into Anki updates these notes.
        const guid = (await sha1Hex(seed)).slice(0, 10);
        const sortField = decodeHTML(dropTags(front));
        note.run([nowMs + i, guid, APKG_MODEL_ID, now, tags, [front, escapeHtml(c.back), escapeHtml(c.explanation)].join("\x1f"), sortField, await fieldChecksum(front)]);
        card.run([nowMs + i, nowMs + i, deckId, now, i + 1]);
      }
    } finally {
      note.free();
      card.free();
    }
    const collection = db.export();
    return zipSync({ "collection.anki2": collection, media: strToU8("{}") }, { level: 6 });
  } finally {
    db.close();
  }
}
