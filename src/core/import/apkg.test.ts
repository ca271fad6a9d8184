import { strToU8, zipSync } from "fflate";
import initSqlJs from "sql.js";
import { describe, expect, it, test } from "vitest";
import { ankiCollection, ankiPackage, SAMPLE_NOTES, type FixtureNote } from "@/test/anki-fixture";
import { LIMITS } from "../quiz-schema";
import { answerText, clozeNumbers, fieldText, mediaRefs, planCards, renderCloze, templateRefs } from "./anki";
import { APKG_LIMITS } from "./apkg";
import { parseImport } from "./index";
import { plain } from "./test-utils";

const read = async (bytes: Uint8Array, fileName = "deck.apkg") => parseImport("apkg", bytes, { fileName });
const questions = (r: Awaited<ReturnType<typeof read>>) => r.questions.map((q) => q.question);
const wholeFile = (r: Awaited<ReturnType<typeof read>>) => {
  expect(r.questions).toEqual([]);
  expect(r.problems).toHaveLength(1);
  expect(r.problems[0]?.line).toBe(0);
  return r.problems[0]?.reason ?? "";
};

describe("Anki note rules", () => {
  test.each([
    ["{{Front}}", [{ field: "Front", filters: [] }]],
    ["{{#Add Reverse}}{{Back}}{{/Add Reverse}}", [{ field: "Add Reverse", filters: [], section: "#" }, { field: "Back", filters: [] }, { field: "Add Reverse", filters: [], section: "/" }]],
    ["{{type:Back}} {{cloze:Text}} {{ hint:text:Notes }}", [{ field: "Back", filters: ["type"] }, { field: "Text", filters: ["cloze"] }, { field: "Notes", filters: ["hint", "text"] }]],
    ["{{Front", []],
  ])("template refs of %j", (t, refs) => {
    expect(templateRefs(t)).toEqual(refs);
  });

  test.each([
    ["{{c1::Paris}} is in {{c2::France::country}}", 1, "[...] is in France", ["Paris"]],
    ["{{c1::Paris}} is in {{c2::France::country}}", 2, "Paris is in [country]", ["France"]],
    ["{{c1::a}} and {{c1::b}}", 1, "[...] and [...]", ["a", "b"]],
    ["no deletion {{c1::open", 1, "no deletion {{c1::open", []],
    ["{{c::x}} {{c1:y}}", 1, "{{c::x}} {{c1:y}}", []],
  ])("cloze %j card %i", (html, n, prompt, answers) => {
    expect(renderCloze(html, n)).toEqual({ prompt, answers });
  });

  it("numbers cloze cards in order, once each", () => {
    expect(clozeNumbers("{{c3::a}} {{c1::b}} {{c3::c}} {{c10::d}}")).toEqual([1, 3, 10]);
  });

  test.each([
    ["<b>bold</b> &amp; <i>it</i>", "bold & it"],
    ["one<br>two<div>three</div>", "one\ntwo\nthree"],
    ['A cat <img src="cat.jpg"> [sound:meow.mp3]', "A cat"],
    ["<script>alert(1)</script>safe", "safe"],
    ["&lt;b&gt;not a tag&lt;/b&gt;", "<b>not a tag</b>"],
    ["'); DROP TABLE notes; --", "'); DROP TABLE notes; --"],
  ])("field %j as text", (html, text) => {
    expect(fieldText(html)).toBe(text);
  });

  it("a back listing answers with \" / \" accepts each of them", async () => {
    const { alternatives } = await import("./apkg");
    expect(alternatives("colour / color")).toEqual(["colour", "color"]);
    expect(alternatives("1/2")).toEqual(["1/2"]);
    expect(alternatives("a /  / b")).toEqual(["a /  / b"]);
    expect(alternatives("x / x")).toEqual(["x"]);
  });

  it("answers are one line", () => {
    expect(answerText("to eat<br>to dine")).toBe("to eat to dine");
  });

  it("finds media references", () => {
    expect(mediaRefs(`[sound:a.mp3] <IMG class="x" src='b c.png'> <img src=d.gif> <audio src="e.ogg"> [sound:open`)).toEqual(["a.mp3", "b c.png", "d.gif", "e.ogg"]);
  });

  it("plans Basic, reversed, optional reversed and type-in cards from their templates", async () => {
    const { STOCK } = await import("@/test/anki-fixture");
    const plan = (m: keyof typeof STOCK) => planCards({ ...STOCK[m], id: "1", cloze: false, fields: STOCK[m].flds.map((f) => f.name), templates: [...STOCK[m].tmpls] });
    expect(plan("basic")).toEqual([{ template: 0, prompt: [0], answer: 1, extra: [], requires: [] }]);
    expect(plan("reversed")).toEqual([
      { template: 0, prompt: [0], answer: 1, extra: [], requires: [] },
      { template: 1, prompt: [1], answer: 0, extra: [], requires: [] },
    ]);
    expect(plan("optionalReversed")[1]).toEqual({ template: 1, prompt: [1], answer: 0, extra: [], requires: [2] });
    expect(plan("typeIn")).toEqual([{ template: 0, prompt: [0], answer: 1, extra: [], requires: [] }]);
  });
});

describe("parseImport('apkg')", () => {
  test.each(["collection.anki2", "collection.anki21"] as const)("reads every stock note type from %s", async (collection) => {
    const r = await read(await ankiPackage(SAMPLE_NOTES, { collection, media: { "0": "cat.jpg", "1": "meow.mp3" } }));
    expect(plain(r.problems)).toEqual([]);
    expect(r.quiz.title).toBe("Spanish verbs");
    expect(r.notices).toEqual(["2 media files skipped: pictures and sounds are not imported"]);
    const text = (prompt: string, accepted: string, explanation = "") => ({ type: "text", prompt, accepted: [accepted], explanation, points: 1000 });
    expect(questions(r)).toEqual([
      text("What is the capital of Spain?", "Madrid"),
      text("Translate: to eat", "comer"),
      text("hablar", "to speak"),
      text("to speak", "hablar"),
      text("vivir", "to live"),
      text("Translate:\nthe dog", "el perro"),
      text("[...] is the capital of Spain.", "Madrid", "Since 1561."),
      text("Madrid is the capital of [country].", "Spain", "Since 1561."),
      text("Which animal is this?", "a cat"),
    ]);
    expect(r.questions.map((q) => q.line)).toEqual([1, 2, 3, 3, 4, 5, 6, 6, 7]);
  });

  it("prefers collection.anki21 over the placeholder collection.anki2 newer Anki writes beside it", async () => {
    const placeholder = await ankiCollection([{ model: "basic", fields: ["Please update to the latest Anki version, then import the .colpkg/.apkg file again.", "x"] }]);
    const r = await read(await ankiPackage([{ model: "basic", fields: ["Real?", "yes"] }], { collection: "collection.anki21", extra: { "collection.anki2": placeholder } }));
    expect(questions(r).map((q) => q.prompt)).toEqual(["Real?"]);
  });

  it("says the newest format (collection.anki21b only) is not supported", async () => {
    const placeholder = await ankiCollection([{ model: "basic", fields: ["Please update to the latest Anki version, then import the .colpkg/.apkg file again.", "x"] }]);
    const bytes = zipSync({ "collection.anki2": placeholder, "collection.anki21b": new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3]), media: new Uint8Array([1]) });
    expect(wholeFile(await read(bytes))).toContain('newest Anki format (collection.anki21b), which Quizdeck cannot read; in Anki, export the deck again with "Support older Anki versions" ticked');
  });

  it("takes the title from the file name when the deck is Default", async () => {
    const r = await read(await ankiPackage([{ model: "basic", fields: ["Q?", "A"] }], { deck: "Default" }), "my-words.apkg");
    expect(r.quiz.title).toBe("My words");
  });

  it("treats SQL in fields as text", async () => {
    const evil = "Robert'); DROP TABLE notes; --";
    const r = await read(await ankiPackage([{ model: "basic", fields: [evil, "x' OR '1'='1"] }, { model: "basic", fields: ["second", "still here"] }]));
    expect(plain(r.problems)).toEqual([]);
    expect(questions(r).map((q) => [q.prompt, q.type === "text" ? q.accepted : []])).toEqual([
      [evil, ["x' OR '1'='1"]],
      ["second", ["still here"]],
    ]);
  });

  it("leaves out cards it cannot ask, each with its note and why", async () => {
    const long = "x".repeat(LIMITS.acceptedLenMax + 1);
    const r = await read(
      await ankiPackage([
        { model: "basic", fields: ["Fine?", "yes"] },
        { model: "basic", fields: ['<img src="a.png">', "a picture"] },
        { model: "basic", fields: ["Long?", long] },
        { model: "basic", fields: ["Empty back?", "<br>"] },
        { model: "cloze", fields: ["no deletions here", ""] },
      ]),
    );
    expect(questions(r).map((q) => q.prompt)).toEqual(["Fine?"]);
    expect(plain(r.problems)).toEqual([
      { line: 2, reason: "Question 2 (note 2): the front is only a picture or sound, and media are not imported", skipped: true },
      { line: 3, reason: `Question 3 (note 3): the answer is ${LIMITS.acceptedLenMax + 1} characters; a typed answer may be at most ${LIMITS.acceptedLenMax}, so this card was left out`, skipped: true },
      { line: 4, reason: "Question 4 (note 4): the answer is empty, so there is no correct answer", skipped: true },
      { line: 5, reason: "Question 5 (note 5): a cloze note without any {{c1::…}} deletion", skipped: true },
    ]);
    expect(r.notices).toEqual(["1 media file skipped: pictures and sounds are not imported"]);
  });

  it("takes the first field of the back with text when the back opens with a sound", async () => {
    const r = await read(
      await ankiPackage([
        { model: "vocabAudio", fields: ["猫", "[sound:neko.mp3]", "cat", "猫が好きです。 I like cats."] },
        { model: "vocabAudio", fields: ["犬", "[sound:inu.mp3]", "", "<div>犬がいます。</div>"] },
        { model: "vocabAudio", fields: ["鳥", "[sound:tori.mp3]", "", ""] },
      ]),
    );
    expect(questions(r).map((q) => [q.prompt, q.type === "text" ? q.accepted : [], q.explanation])).toEqual([
      ["猫", ["cat"], "猫が好きです。 I like cats."],
      ["犬", ["犬がいます。"], ""],
    ]);
    expect(plain(r.problems)).toEqual([
      { line: 3, reason: "Question 3 (note 3): the answer is only a picture or sound, and media are not imported", skipped: true },
    ]);
  });

  it("keeps 200 questions of a big deck and counts the rest", async () => {
    const notes: FixtureNote[] = Array.from({ length: 260 }, (_, i) => ({ model: "basic", fields: [`Q${i + 1}?`, `A${i + 1}`] }));
    const r = await read(await ankiPackage(notes));
    expect(r.questions).toHaveLength(200);
    expect(plain(r.problems)).toEqual([
      { line: 201, reason: "Question 201 (note 201) and the 59 after it: a quiz holds at most 200 questions, so these were left out; split the file to import them" },
    ]);
  });
});

describe("parseImport('apkg'): broken and hostile packages are one whole-file problem", () => {
  it("not a zip", async () => {
    expect(wholeFile(await read(strToU8("Front;Back\nhola;hello\n")))).toBe("This is not an Anki package: an .apkg file is a zip archive, and this file is not one");
  });

  it("a zip without a collection", async () => {
    expect(wholeFile(await read(zipSync({ "notes.txt": strToU8("hi") })))).toContain("The zip holds no Anki collection");
  });

  it("a collection that is not SQLite", async () => {
    expect(wholeFile(await read(zipSync({ "collection.anki2": strToU8("not a database") })))).toContain("not an SQLite database");
  });

  it("an SQLite database that is not Anki's", async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run("create table notes (id integer, body text)");
    const bytes = zipSync({ "collection.anki2": db.export() });
    db.close();
    expect(wholeFile(await read(bytes))).toBe("The package's database is not an Anki collection: it has no col table");
  });

  it("a notes view instead of a table (a query that could run forever)", async () => {
    const bytes = await ankiPackage([], {
      tamper: (db) => db.exec("drop table notes; create view notes as with recursive n(id, mid, flds) as (select 1, 1001, 'a' union all select id + 1, 1001, 'a' from n) select * from n"),
    });
    expect(wholeFile(await read(bytes))).toBe("The package's database is not an Anki collection: it has no notes table");
  });

  it("a damaged database", async () => {
    const good = await ankiCollection([{ model: "basic", fields: ["Q?", "A"] }]);
    const r = await read(zipSync({ "collection.anki2": new Uint8Array([...good.slice(0, 100), ...new Uint8Array(4000).fill(7)]) }));
    expect(wholeFile(r)).toMatch(/damaged|not an Anki collection/);
  });

  it("too many notes", async () => {
    const bytes = await ankiPackage([], {
      tamper: (db) =>
        db.exec(
          `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${APKG_LIMITS.notes + 1}) insert into notes select i, 'g' || i, 1001, 0, 0, '', 'q' || char(31) || 'a', 'q', 0, 0, '' from n`,
        ),
    });
    expect(wholeFile(await read(bytes))).toBe(
      `The deck has ${(APKG_LIMITS.notes + 1).toLocaleString("en-US")} notes; at most ${APKG_LIMITS.notes.toLocaleString("en-US")} can be read (and a quiz keeps 200 questions); split the deck in Anki and export a part`,
    );
  });

  it("a zip bomb: a collection that inflates past the cap, with honest or lying sizes", { timeout: 60_000 }, async () => {
    const huge = new Uint8Array(APKG_LIMITS.collectionBytes + 1024);
    const honest = zipSync({ "collection.anki2": huge }, { level: 9 });
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(wholeFile(await read(honest))).toContain("unpacks to more than 32 MB");
    // Declared size rewritten to 1 KB in both headers: the count of what really inflates stops it.
    const liar = honest.slice();
    const view = new DataView(liar.buffer);
    for (let i = 0; i + 4 < liar.length; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x04034b50) view.setUint32(i + 22, 1024, true);
      if (sig === 0x02014b50) view.setUint32(i + 24, 1024, true);
    }
    expect(wholeFile(await read(liar))).toBe(
      "The package's collection unpacks to more than the 1,024 bytes it declares; the package is damaged or made to mislead, so it was not opened",
    );
  });

  it("sent as base64 (the JSON API) reads the same; other text is refused", async () => {
    const bytes = await ankiPackage([{ model: "basic", fields: ["Q?", "A"] }]);
    expect(questions(await parseImport("apkg", Buffer.from(bytes).toString("base64")))).toHaveLength(1);
    expect(wholeFile(await parseImport("apkg", "Front;Back"))).toContain("must be sent as its bytes or as base64");
  });

  it("a file over 5 MB", async () => {
    expect(wholeFile(await read(new Uint8Array(5 * 1024 * 1024 + 1)))).toBe("The file is 5.0 MB; an import file may be at most 5 MB");
  });
});
