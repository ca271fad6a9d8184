import "server-only";
import { forbidden, notFound, unauthorized } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AppError } from "./errors";
import type { ReportWords } from "./reports";

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
