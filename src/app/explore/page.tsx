import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Filter from "lucide-react/icons/funnel";
import Search from "lucide-react/icons/search";
import SearchX from "lucide-react/icons/search-x";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { AutoSubmitForm } from "@/components/explore/auto-submit-form";
import { FilterPanel } from "@/components/explore/filter-panel";
import { QuizGrid } from "@/components/quiz/quiz-card";
import { buttonClass } from "@/components/ui/button";
import { QUESTION_TYPES } from "@/core/question";
import { LENGTHS, parseListQueryLenient, SORTS, type QuizListQuery } from "@/core/quiz-list";
import { CATEGORIES, DIFFICULTIES } from "@/core/quiz-schema";
import { quizLanguages, searchQuizzes } from "@/server/quizzes";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const t = await getTranslations("explore");
  const query = parseListQueryLenient(await searchParams);
  return { title: query.q ? t("titleSearch", { q: query.q }) : t("title") };
}

const FILTER_KEYS = ["category", "difficulty", "language", "type", "length"] as const;

/** The URL of this page with some parameters changed (undefined removes one). */
function hrefWith(query: QuizListQuery, changes: Partial<Record<keyof QuizListQuery, string | number | undefined>>) {
  const params = new URLSearchParams();
  const merged = { ...query, ...changes };
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || value === "") continue;
    if (key === "page" && value === 1) continue;
    if (key === "limit" && value === 24) continue;
    params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `/explore?${s}` : "/explore";
}

export default async function ExplorePage({ searchParams }: Props) {
  const t = await getTranslations("explore");
  const tq = await getTranslations("quiz");
  const tc = await getTranslations("categories");
  const tl = await getTranslations("languages");
  const query = parseListQueryLenient(await searchParams);
  const [{ items, total }, languages] = await Promise.all([searchQuizzes(query), quizLanguages()]);
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const activeFilters = FILTER_KEYS.filter((k) => query[k] !== undefined).length;

  const select = (name: string, label: string, value: string | undefined, options: [string, string][]) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`filter-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className="h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm font-normal dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">{t("any")}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="container-page py-8 xl:max-w-7xl">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">{query.q ? t("titleSearch", { q: query.q }) : t("title")}</h1>
          <p className="mt-1 text-zinc-600 dark:text-zinc-400" aria-live="polite" data-testid="result-count">
            {t("resultCount", { count: total })}
          </p>
        </div>
      </div>

      <AutoSubmitForm
        // Remount on every new query, so the fields show the URL's values after back and forward.
        key={JSON.stringify(query)}
        action="/explore" method="get" className="mt-6 grid gap-6 md:grid-cols-[16rem_1fr]" role="search">
        <aside aria-label={t("filters")}>
          <FilterPanel activeCount={activeFilters} resultLabel={t("resultCount", { count: total })}>
            <div className="flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
              <h2 className="hidden items-center gap-2 font-bold md:flex">
                <Filter className="size-4" aria-hidden />
                {t("filters")}
              </h2>
              {select("category", t("category"), query.category, CATEGORIES.filter((c) => c !== "general").map((c) => [c, tc(c)]))}
              {select("difficulty", t("difficulty"), query.difficulty, DIFFICULTIES.map((d) => [d, tq(`difficulty.${d}`)]))}
              {select("language", t("language"), query.language, languages.map((l) => [l, tl(l)]))}
              {select("type", t("type"), query.type, QUESTION_TYPES.map((qt) => [qt, tq(`types.${qt}`)]))}
              {select(
                "length",
                t("length"),
                query.length,
                Object.entries(LENGTHS).map(([k, [min, max]]) => [k, t(`lengths.${k}`, { min, max })]),
              )}
              <noscript>
                <button type="submit" className={buttonClass("primary", "md", "w-full")}>
                  {t("apply")}
                </button>
              </noscript>
              {activeFilters > 0 && (
                <Link href={hrefWith(query, { category: undefined, difficulty: undefined, language: undefined, type: undefined, length: undefined, page: 1 })} className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
                  {t("clear")}
                </Link>
              )}
            </div>
          </FilterPanel>
        </aside>

        <div className="min-w-0">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <label className="relative flex-1">
              <span className="sr-only">{t("searchLabel")}</span>
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
              <input
                type="search"
                name="q"
                defaultValue={query.q ?? ""}
                placeholder={t("searchPlaceholder")}
                maxLength={100}
                className="h-11 w-full rounded-xl border border-zinc-300 bg-white pr-3 pl-9 dark:border-zinc-700 dark:bg-zinc-900"
              />
            </label>
            <div className="flex gap-3">
              <FilterPanelSort label={t("sort")} value={query.sort ?? ""} options={[["", query.q ? t("sorts.relevance") : t("sorts.popular")], ...SORTS.filter((s) => !(s === "popular" && !query.q)).map((s): [string, string] => [s, t(`sorts.${s}`)])]} />
              <button type="submit" className={buttonClass("primary", "md")}>
                {t("search")}
              </button>
            </div>
          </div>

          <div className="mt-6">
            {items.length > 0 ? (
              <>
                {/* The cards' titles are h3: on phones the filters' h2 is hidden, so the results
                    need their own h2 or screen readers find a heading level skipped. */}
                <h2 className="sr-only">{t("resultCount", { count: total })}</h2>
                  <QuizGrid quizzes={items} testId="explore-results" narrow />
              </>
            ) : (
              <div className="flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 px-6 py-16 text-center dark:border-zinc-700">
                <SearchX className="size-10 text-zinc-400" aria-hidden />
                <h2 className="mt-4 text-lg font-bold">{t("emptyTitle")}</h2>
                <p className="mt-1 max-w-sm text-zinc-600 dark:text-zinc-400">{t("emptyText")}</p>
                <Link href="/explore" className={buttonClass("secondary", "md", "mt-5")}>
                  {t("clearAll")}
                </Link>
              </div>
            )}
          </div>

          {pages > 1 && (
            <nav aria-label={t("pagination")} className="mt-8 flex items-center justify-center gap-3">
              {query.page > 1 ? (
                <Link href={hrefWith(query, { page: query.page - 1 })} className={buttonClass("secondary", "md")} rel="prev">
                  <ChevronLeft className="size-4" aria-hidden />
                  {t("previous")}
                </Link>
              ) : null}
              <span className="text-sm text-zinc-600 dark:text-zinc-400">{t("pageOf", { page: query.page, pages })}</span>
              {query.page < pages ? (
                <Link href={hrefWith(query, { page: query.page + 1 })} className={buttonClass("secondary", "md")} rel="next">
                  {t("next")}
                  <ChevronRight className="size-4" aria-hidden />
                </Link>
              ) : null}
            </nav>
          )}
        </div>
      </AutoSubmitForm>
    </div>
  );
}

function FilterPanelSort({ label, value, options }: { label: string; value: string; options: [string, string][] }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="explore-sort" className="text-sm font-medium whitespace-nowrap">
        {label}
      </label>
      <select
        id="explore-sort"
        name="sort"
        defaultValue={value}
        className="h-11 rounded-xl border border-zinc-300 bg-white px-3 font-normal dark:border-zinc-700 dark:bg-zinc-900"
      >
        {options.map(([v, text]) => (
          <option key={v || "default"} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
