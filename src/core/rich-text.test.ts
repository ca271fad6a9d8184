import { describe, expect, it } from "vitest";
import { escapeHtml, hasMarkup, hasMath, htmlHasMath, mapMath, MAX_FORMULA_LENGTH, renderRich, richMap, type MathRenderer } from "./rich-text";

/** A stand-in typesetter: shows what it was asked, marked, so the tests see the rule's cuts. */
const math: MathRenderer = (tex, display) => (tex.includes("\\fail") ? null : `<M${display ? " d" : ""}>${escapeHtml(tex)}</M>`);

describe("renderRich", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["**bold** and *italic*", "<strong>bold</strong> and <em>italic</em>"],
    ["***both***", "<em><strong>both</strong></em>"],
    ["`a < b`", "<code>a &lt; b</code>"],
    ["`*not* $math$`", "<code>*not* $math$</code>"],
    ["line one\nline two", "line one\nline two"],
    ["crlf\r\nend", "crlf\nend"],
    ["area $\\pi r^2$ here", "area <M>\\pi r^2</M> here"],
    ["$$\\int_0^1 x\\,dx$$", "<M d>\\int_0^1 x\\,dx</M>"],
    ["a $x$ and $$y$$", "a <M>x</M> and <M d>y</M>"],
    ["**$x$ bold**", "<strong><M>x</M> bold</strong>"],
    ["costs $5 and $6", "costs $5 and $6"],
    ["$ x$ is not math", "$ x$ is not math"],
    ["$x $ is not math", "$x $ is not math"],
    ["one $ dollar", "one $ dollar"],
    ["unbalanced $x", "unbalanced $x"],
    ["unbalanced $$x", "unbalanced $$x"],
    ["$$$$", "$$$$"],
    ["\\$5 and \\$6", "$5 and $6"],
    ["\\$x\\$", "$x$"],
    ["\\*not italic\\*", "*not italic*"],
    ["a\\\\b", "a\\b"],
    ["C:\\path", "C:\\path"],
    ["$a\\$b$", "<M>a\\$b</M>"],
    ["2 * 3 * 4", "2 * 3 * 4"],
    ["**unclosed", "**unclosed"],
    ["`unclosed", "`unclosed"],
    ["inline $a\nb$ spans no line", "inline $a\nb$ spans no line"],
    ["$$a\nb$$", "<M d>a\nb</M>"],
    ["$\\fail$ shown", "$\\fail$ shown"],
  ])("%j → %j", (text, html) => {
    expect(renderRich(text, math)).toBe(html);
  });

  it.each([
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ['<img src=x onerror="alert(1)">', "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"],
    ["**<b>x</b>**", "<strong>&lt;b&gt;x&lt;/b&gt;</strong>"],
    ["`</code><script>`", "<code>&lt;/code&gt;&lt;script&gt;</code>"],
    ["$<script>$", "<M>&lt;script&gt;</M>"],
    ["it's & \"that\"", "it&#39;s &amp; &quot;that&quot;"],
    ["NUL\u0000 marker", "NUL marker"],
  ])("hostile %j is escaped", (text, html) => {
    expect(renderRich(text, math)).toBe(html);
  });

  it("shows formulas as their source without a typesetter, or when it throws", () => {
    expect(renderRich("$<x>$ and $$y$$")).toBe("$&lt;x&gt;$ and $$y$$");
    expect(
      renderRich("$x$", () => {
        throw new Error("parse error");
      }),
    ).toBe("$x$");
  });

  it("does not typeset a formula longer than the limit", () => {
    const long = "x+".repeat(MAX_FORMULA_LENGTH);
    expect(renderRich(`$${long}1$`, math)).toBe(`$${long}1$`);
    expect(renderRich(`$${"x".repeat(MAX_FORMULA_LENGTH)}$`, math)).toContain("<M>");
  });

  it("stays linear on long hostile input", () => {
    const text = "$a".repeat(20_000) + "*".repeat(20_000) + "`".repeat(1) + "\\".repeat(1000);
    expect(renderRich(text, math).length).toBeGreaterThan(40_000);
  });
});

describe("hasMarkup / hasMath / richMap", () => {
  it.each([
    ["plain text", false, false],
    ["a $x$", true, true],
    ["costs $5", true, false],
    ["**b**", true, false],
    ["two\nlines", true, false],
  ])("%j: markup %s, math %s", (text, markup, withMath) => {
    expect(hasMarkup(text)).toBe(markup);
    expect(hasMath(text)).toBe(withMath);
  });

  it("maps only the texts whose HTML differs from their text", () => {
    const render = (t: string) => renderRich(t, math);
    expect(richMap(["plain", null, undefined, "costs $5"], render)).toBeUndefined();
    expect(richMap(["plain", "**b**", "**b**", "a < b"], render)).toEqual({ "**b**": "<strong>b</strong>" });
  });

  it("recognises KaTeX's HTML", () => {
    expect(htmlHasMath('<span class="katex">x</span>')).toBe(true);
    expect(htmlHasMath("<strong>x</strong>")).toBe(false);
  });
});

describe("mapMath", () => {
  const moodle = (text: string) => mapMath(text, (m) => (m.display ? `[${m.tex}]` : `(${m.tex})`));
  it.each([
    ["no math", "no math"],
    ["$x$ and $$y$$", "(x) and [y]"],
    ["costs \\$5 and $5", "costs \\$5 and $5"],
    ["`$x$` is code", "`$x$` is code"],
    ["$x $ is not math", "$x $ is not math"],
    ["unclosed $$ stays", "unclosed $$ stays"],
    ["**$a$** and \\\\", "**(a)** and \\\\"],
    ["a\nb $\\frac{1}{2}$", "a\nb (\\frac{1}{2})"],
  ])("%j → %j", (text, expected) => {
    expect(moodle(text)).toBe(expected);
  });
});
