import { describe, expect, it } from "vitest";
import { katexMath, renderRichText, richTexts } from "./rich-text";

describe("KaTeX on the server", () => {
  it("typesets inline and display math as HTML and MathML, with no script", () => {
    const html = renderRichText("Area $\\pi r^2$ and $$\\frac{a}{b}$$");
    expect(html).toContain('class="katex"');
    expect(html).toContain('class="katex-display"');
    expect(html).toContain("<math");
    expect(html).not.toMatch(/<script|on\w+=|javascript:/i);
  });

  it("shows a formula KaTeX refuses as its source", () => {
    expect(renderRichText("bad $\\frac{a$ here")).toBe("bad $\\frac{a$ here");
    expect(katexMath("\\undefinedmacro", false)).toBeNull();
  });

  it("makes no links, pictures or attributes (trust is off)", () => {
    for (const tex of ["\\href{javascript:alert(1)}{x}", "\\url{http://evil}", "\\includegraphics{http://evil/x.png}", "\\htmlClass{x}{y}", "\\htmlStyle{color:red}{y}"]) {
      const html = renderRichText(`$${tex}$`);
      expect(html).not.toMatch(/<a[\s>]|<img|\shref=|\ssrc=|<script/i); // the source is only text in the MathML annotation
    }
  });

  it("bounds macro expansion", () => {
    const bomb = "\\def\\a{xxxxxxxx}\\def\\b{\\a\\a\\a\\a\\a\\a\\a\\a}\\def\\c{\\b\\b\\b\\b\\b\\b\\b\\b}\\c\\c\\c\\c";
    expect(renderRichText(`$${bomb}$`)).toBe(`$${bomb}$`);
  });

  it("maps only formatted texts", () => {
    expect(richTexts(["plain", "$x$"])).toEqual({ $x$: expect.stringContaining("katex") });
  });
});
