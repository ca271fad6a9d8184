"use client";
import { createContext, use, type ReactNode } from "react";
import { htmlHasMath } from "@/core/rich-text";

/**
 * Formatted text (docs/rules.md, "Formatting and math"). The server renders an author's text with
 * the rule of src/core/rich-text.ts (KaTeX typesetting formulas) and sends the HTML of the texts
 * that need it, by source, beside them; a client only looks its text up. No page carries the rule's
 * typesetter: a phone receives finished HTML, and KaTeX's style sheet (CSS and fonts, no script) is
 * linked only when a text shown has a formula.
 */
export type RichHtml = Readonly<Record<string, string>>;

const RichContext = createContext<RichHtml | undefined>(undefined);

/** The rendered texts of what is below (a question, its feedback): merged with any above. */
export function RichProvider({ html, children }: { html: RichHtml | undefined | (RichHtml | undefined)[]; children: ReactNode }) {
  const above = use(RichContext);
  const list = Array.isArray(html) ? html : [html];
  const merged = list.some(Boolean) ? Object.assign({}, above, ...list.filter(Boolean)) : above;
  return <RichContext value={merged}>{children}</RichContext>;
}

export const KATEX_CSS = "/katex/katex.min.css";

/** KaTeX's style sheet, once per page (React hoists it into <head> and loads it once). */
export const KatexStyles = () => <link rel="stylesheet" href={KATEX_CSS} precedence="katex" />;

/** An author's text: its server-rendered HTML when it has formatting, else the text itself. */
export function Rich({ text, html }: { text: string; html?: RichHtml }) {
  const map = use(RichContext);
  const from = html ?? map;
  const rendered = from && Object.hasOwn(from, text) ? from[text] : undefined;
  if (rendered === undefined) return text;
  return (
    <>
      {htmlHasMath(rendered) && <KatexStyles />}
      {/* Safe: the server escaped every character of the author's text (src/core/rich-text.ts). */}
      <span className="rich-text" dangerouslySetInnerHTML={{ __html: rendered }} />
    </>
  );
}
