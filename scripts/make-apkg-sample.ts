// Writes samples/import/anki.apkg: an Anki deck in Anki's legacy package format with each stock
// note type (Basic, reversed, optional reversed, type-in, Cloze), HTML, a picture and a sound.
// Run: npx tsx scripts/make-apkg-sample.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ankiPackage, SAMPLE_NOTES } from "../src/test/anki-fixture";

const out = path.resolve(import.meta.dirname, "../samples/import/anki.apkg");
writeFileSync(out, await ankiPackage(SAMPLE_NOTES, { media: { "0": "cat.jpg", "1": "meow.mp3" } }));
console.log(`wrote ${out}`);
