import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvDocument, unescapeCsvCell } from "./csv";

const line = (cell: string | number | null) => csvDocument(null, [[cell]]).slice(0, -2);

describe("the CSV writer", () => {
  it("writes a header and rows with CRLF line ends, ending with one", () => {
    expect(csvDocument(["a", "b"], [["x", 1], [null, 2.5]])).toBe("a,b\r\nx,1\r\n,2.5\r\n");
    expect(csvDocument(["a", "b"], [])).toBe("a,b\r\n");
  });

  it.each([
    ["a comma", "Smith, Jo", '"Smith, Jo"'],
    ["a quote", 'say "hi"', '"say ""hi"""'],
    ["a line break", "one\ntwo", '"one\ntwo"'],
    ["plain text", "Ada", "Ada"],
  ])("quotes only what needs it: %s", (_, cell, expected) => {
    expect(line(cell)).toBe(expected);
  });

  // Each of these would run as a formula in Excel, LibreOffice or Google Sheets.
  it.each([
    ["=", "=1+1", `"'=1+1"`],
    ["= with a command", "=cmd|' /C calc'!A0", `"'=cmd|' /C calc'!A0"`],
    ["+", "+1+1", `"'+1+1"`],
    ["-", "-2+3", `"'-2+3"`],
    ["@", "@SUM(A1)", `"'@SUM(A1)"`],
    ["a tab", "\t=1", `"'\t=1"`],
    ["a carriage return", "\r=1", `"'\r=1"`],
  ])("neutralises a text cell starting with %s", (_, cell, expected) => {
    expect(line(cell)).toBe(expected);
  });

  it.each([
    ["a negative number", -40, "-40"],
    ["a negative number as text", "-40", "-40"],
    ["a decimal as text", "-1.5", "-1.5"],
    ["a sign inside the text", "a=b", "a=b"],
  ])("leaves %s alone", (_, cell, expected) => {
    expect(line(cell)).toBe(expected);
  });

  it("reads back as the cells written once the apostrophes are removed", () => {
    const rows = [["=1+1", "@x", "-40", "Smith, Jo", "\tx", "plain"]];
    const parsed = Papa.parse<string[]>(csvDocument(null, rows), { skipEmptyLines: true });
    expect(parsed.data.map((r) => r.map(unescapeCsvCell))).toEqual(rows);
  });
});
