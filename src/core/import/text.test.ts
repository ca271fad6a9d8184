import fc from "fast-check";
import { decodeHTML } from "entities";
import { describe, expect, it } from "vitest";
import { dropSecondsSuffix, dropTags, stripHtml, stripMarkdown } from "./text";

// The regex versions these scans replace: the same output on short text, where they are fast.
const regexTags = (html: string) => html.replace(/<[^>]+>/g, "");
const regexHtml = (html: string) =>
  decodeHTML(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, "")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, "\n")
      .replace(/<[^>]+>/g, ""),
  )
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((l) => l.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
const regexMarkdown = (md: string) =>
  md
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+)/gm, "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join("\n");
const regexSeconds = (s: string) => s.replace(/\s*s(ec(ond)?s?)?$/i, "");

/** Short strings over the characters the patterns care about. */
const markup = (chars: string[]) => fc.array(fc.constantFrom(...chars), { maxLength: 40 }).map((a) => a.join(""));
const runs = { numRuns: 3000 };

describe("stripHtml", () => {
  it.each([
    ["<p>Capital of <b>France</b>?</p>", "Capital of France?"],
    ["a<br>b<br/>c", "a\nb\nc"],
    ["<script>alert(1)</script>Hi<style>p{}</style>!", "Hi!"],
    ["<SCRIPT>x</Script>ok", "ok"],
    ["1 < 2 and 3 > 2", "1 2"],
    ["a <> b", "a <> b"],
    ["x &amp; y&nbsp;z", "x & y z"],
    ["<<<<", "<<<<"],
    ["<script>never closed", "never closed"],
  ])("%j → %j", (html, text) => {
    expect(stripHtml(html)).toBe(text);
  });

  it("matches the regexes it replaces on random markup", () => {
    const html = markup(["<", ">", "/", "a", "b", " ", "\n", "p", "br", "script", "style", "SCRIPT", "</script>", "<style>", "&amp;", "div", "h1"]);
    fc.assert(
      fc.property(html, (h) => {
        expect(dropTags(h)).toBe(regexTags(h));
        expect(stripHtml(h)).toBe(regexHtml(h));
      }),
      runs,
    );
  });

  it("reads 20,000 unclosed < in one pass", () => {
    const lt = "<".repeat(20_000);
    expect(stripHtml(`${lt} x`)).toBe(`${lt} x`);
    expect(stripHtml(`${"<script>".repeat(20_000)}x`)).toBe(`${"<script>".repeat(20_000)}x`.replace(/<script>/g, ""));
  });
});

describe("stripMarkdown", () => {
  it.each([
    ["**Bold** and *italic* and __under__", "Bold and italic and under"],
    ["See [the docs](https://example.org) and ![a cat](cat.png)", "See the docs and a cat"],
    ["# Title\n> quote\n- item\n`code`", "Title\nquote\nitem\ncode"],
    ["2 * 3 * 4", "2 * 3 * 4"],
    ["![![![", "![![!["],
    ["[[[[x", "[[[[x"],
  ])("%j → %j", (md, text) => {
    expect(stripMarkdown(md)).toBe(text);
  });

  it("matches the regexes it replaces on random markdown", () => {
    const md = markup(["*", "**", "_", "__", "[", "]", "(", ")", "!", "`", "#", ">", "-", "+", " ", "\n", "a", "b", "1"]);
    fc.assert(
      fc.property(md, (m) => {
        expect(stripMarkdown(m)).toBe(regexMarkdown(m));
      }),
      runs,
    );
  });

  it("reads 10,000 unclosed ![ and ** in one pass", () => {
    expect(stripMarkdown("![".repeat(10_000))).toBe("![".repeat(10_000));
    const bold = `a${"**x".repeat(10_000)}`; // each ** finds its closer at once, so the regexes are quick here
    expect(stripMarkdown(bold)).toBe(regexMarkdown(bold));
  });
});

describe("dropSecondsSuffix", () => {
  it.each([
    ["30", "30"],
    ["30 s", "30"],
    ["30sec", "30"],
    ["30 Seconds", "30"],
    ["30 secs", "30"],
    ["30 s ", "30 s "],
    ["ss", "s"],
    ["", ""],
  ])("%j → %j", (text, out) => {
    expect(dropSecondsSuffix(text)).toBe(out);
  });

  it("matches the regex it replaces", () => {
    fc.assert(
      fc.property(markup(["s", "S", "e", "c", "o", "n", "d", " ", "\t", "1", "x"]), (s) => {
        expect(dropSecondsSuffix(s)).toBe(regexSeconds(s));
      }),
      runs,
    );
  });

  it("reads a cell of 2 million spaces in one pass", () => {
    expect(dropSecondsSuffix(`1${" ".repeat(2_000_000)}x`)).toHaveLength(2_000_002);
  });
});
