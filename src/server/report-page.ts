import "server-only";
import { forbidden, notFound, unauthorized } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type { GameReport } from "@/core/report/build";
import { AppError } from "./errors";
import type { ReportWords } from "./reports";
import { richTexts } from "./rich-text";

/** How true and false read in the viewer's language, for a report page. */
export async function reportWords(): Promise<ReportWords> {
  const t = await getTranslations("gameReport");
  return { true: t("true"), false: t("false") };
}

/** A report for a page: a refusal becomes the sign-in, forbidden or not-found screen. */
export async function loadForPage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof AppError) {
      if (err.code === "unauthorized") unauthorized();
      if (err.code === "forbidden") forbidden();
      if (err.code === "not_found") notFound();
    }
    throw err;
  }
}

/** Kinds whose distribution lists the author's options (not what players typed). */
const OPTION_ANSWERS = new Set(["single", "multiple", "order", "poll"]);

/**
 * The HTML of a report's formatted texts (src/server/rich-text.ts), by source: each question's
 * prompt and key, and the bars' labels where they are the author's options. What players typed is
 * never formatted.
 */
export function reportRich(report: GameReport): Record<string, string> | undefined {
  return richTexts(report.questions.flatMap((q) => [q.prompt, q.key, ...(OPTION_ANSWERS.has(q.type) ? q.distribution.map((d) => d.answer) : [])]));
}
