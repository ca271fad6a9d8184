// Writes the Kahoot! spreadsheet samples in samples/import/ (kahoot.xlsx, kahoot-with-errors.xlsx).
// The layout copies Kahoot!'s quiz template: instruction rows at the top, the header on row 8,
// the question number in column A and one question per row from row 9. Run:
//   node scripts/make-kahoot-samples.mjs
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import writeExcelFile from "write-excel-file/node";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "samples", "import");

const HEADER = [
  "Question - max 120 characters",
  "Answer 1 - max 75 characters",
  "Answer 2 - max 75 characters",
  "Answer 3 - max 75 characters",
  "Answer 4 - max 75 characters",
  "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",
  "Correct answer(s) - choose at least one",
];

const INSTRUCTIONS = [
  "Quiz template",
  "Add questions, at least two answer alternatives, time limit and choose correct answers (at least one). Have fun creating your awesome quiz!",
  "Remember: questions have a limit of 120 characters and answers can have 75 characters max. If several answers are correct, separate them with a comma.",
  "See an example question below (don't forget to overwrite this with your first question!)",
  "And remember, if you're not using Excel you need to replace the time limit and correct answer(s) with your own values.",
];

const bold = (value) => ({ value, fontWeight: "bold" });

/** Rows 1–8 of the template, then the questions, then numbered empty rows up to `upTo`. */
function sheet(questions, upTo) {
  const rows = [];
  INSTRUCTIONS.forEach((text, i) => rows.push([null, i === 0 ? bold(text) : text]));
  rows.push([], []); // rows 6 and 7
  rows.push([null, ...HEADER.map(bold)]); // row 8
  questions.forEach((q, i) => rows.push([i + 1, ...q]));
  for (let n = questions.length + 1; rows.length < upTo; n++) rows.push([n]);
  return rows;
}

const columns = [{ width: 5 }, { width: 60 }, { width: 24 }, { width: 24 }, { width: 24 }, { width: 24 }, { width: 16 }, { width: 16 }];

// question, answer 1–4, time limit, correct answer(s): a number cell, or text like "1,3"
const valid = [
  ["Which fruit has its seeds on the outside?", "Banana", "Strawberry", "Kiwi", "Apple", 20, 2],
  ["Which of these are citrus fruits?", "Lemon", "Grape", "Lime", "Cherry", 30, "1,3"],
  ["How many legs does a spider have?", "6", "8", "10", "12", 10, 2],
  ["Is a tomato botanically a fruit?", "Yes", "No", null, null, 5, 1],
  ["Which vegetable is used to make traditional sauerkraut?", "Cabbage", "Carrot", "Onion", "Beetroot", 20, 1],
  ["Which of these grow underground?", "Potato", "Carrot", "Pea", "Peanut", 60, "1, 2, 4"],
];

const withErrors = [
  ["Which fruit is dried to make raisins?", "Plum", "Grape", "Date", "Fig", 20, 2], // row 9: fine
  ["Which nut is used to make marzipan?", "Almond", "Walnut", "Cashew", "Pecan", 20, null], // row 10: no correct answer
  ["What colour is a ripe lime?", "Green", "Yellow", "Purple", null, 20, 4], // row 11: answer 4 is empty
  ["Which is the largest fruit?", "Jackfruit", null, null, null, 20, 1], // row 12: only one answer
  ["How many seeds does a mango have?", "One", "Two", "Ten", "Hundreds", 300, 1], // row 13: time limit 300
  ["Which spice comes from a crocus flower?", "Saffron", "Turmeric", "Paprika", "Cumin", 30, 1], // row 14: fine
];

await writeExcelFile(sheet(valid, 30), { sheet: "Sheet1", columns }).toFile(join(out, "kahoot.xlsx"));
await writeExcelFile(sheet(withErrors, 30), { sheet: "Sheet1", columns }).toFile(join(out, "kahoot-with-errors.xlsx"));
console.log(`Wrote kahoot.xlsx and kahoot-with-errors.xlsx in ${out}`);
