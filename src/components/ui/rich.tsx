"use client";
import { createContext, use, type ReactNode } from "react";

/**
 * Formatted text (docs/rules.md, "Formatting and math"). The server renders an author's text with
 * the rule of src/core/rich-text.ts (KaTeX typesetting formulas) and sends the HTML of the texts
 * that need it, by source, beside them; a client only looks its text up. No page carries the rule
 * or its typesetter (this module imports neither: it is on the phone's budgeted pages); KaTeX's
 * style sheet (CSS and fonts, no script) is linked only when a text shown has a formula.
 */
export type RichHtml = Readonly<Record<string, string>>;

const RichContext = createContext<RichHtml | undefined>(undefined);

/** The rendered texts of what is below (a question, its feedback), merged with any above. */
export function RichProvider({ html, children }: { html: RichHtml | undefined | (RichHtml | undefined)[]; children: ReactNode }) {
  const merged: RichHtml = Object.assign({}, use(RichContext), ...[html].flat());
  return <RichContext value={merged}>{children}</RichContext>;
}

/** An author's text: its server-rendered HTML when it has formatting, else the text itself. */
export function Rich({ text, html }: { text: string; html?: RichHtml | undefined }) {
  const context = use(RichContext);
  const from = html ?? context;
  const rendered = from && Object.hasOwn(from, text) ? from[text] : undefined;
  if (rendered === undefined) return text.includes("\n") ? <span className="rich-text">{text}</span> : text;
  return (
    <>
      {/* KaTeX's HTML (htmlHasMath of src/core/rich-text.ts): its style sheet, only on pages that show
          a formula. React hoists the link into <head>, once; an import would put it on every page. */}
      {/* eslint-disable-next-line @next/next/no-css-tags */}
      {rendered.includes('class="katex') && <link rel="stylesheet" href="/katex/katex.min.css" precedence="katex" />}
      {/* Safe: the server escaped every character of the author's text (src/core/rich-text.ts). */}
      <span className="rich-text" dangerouslySetInnerHTML={{ __html: rendered }} />
    </>
  );
}
