import ArrowRight from "lucide-react/icons/arrow-right";
import CalendarCheck from "lucide-react/icons/calendar-check";
import Link from "@/components/ui/link";
import { getFormatter, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { SectionHeading } from "@/components/ui/section-heading";
import type { StudyStrip } from "@/core/study/decks";

/**
 * The home page's "due for study" strip (rules in core/study/decks): a member's drawn with the
 * page, a guest's drawn by the server from what their browser keeps once the page has loaded
 * (src/app/study/guest-views.tsx). Every state is one row of the same height, so the skeleton a
 * guest's page shows first keeps the place of what comes, and nothing below it moves.
 */
const ROW_HEIGHT = "h-24";

/** A count in its colour, or greyed out at zero (nothing of that kind waits). */
const count = (n: number, colour: string) => (n > 0 ? `font-bold ${colour}` : "text-zinc-500 dark:text-zinc-400");

async function StripFrame({ state, more = 0, children }: { state: "loading" | StudyStrip["kind"]; more?: number; children: ReactNode }) {
  const t = await getTranslations("study.strip");
  return (
    <section aria-labelledby="study-strip-heading" data-testid="study-strip" data-state={state} aria-busy={state === "loading" || undefined}>
      <SectionHeading id="study-strip-heading" title={t("title")} href="/study" more={t("all", { more })} />
      {children}
    </section>
  );
}

export async function StudyStripSection({ strip, now }: { strip: StudyStrip; now: Date }) {
  const t = await getTranslations("study.strip");
  if (strip.kind === "later") {
    const format = await getFormatter();
    return (
      <StripFrame state="later">
        <p
          className={`${ROW_HEIGHT} flex items-center gap-3 rounded-2xl border border-zinc-200 bg-white px-4 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300`}
          data-testid="study-strip-later"
        >
          <CalendarCheck className="size-6 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
          <span className="min-w-0">
            <span className="block font-semibold text-zinc-900 dark:text-zinc-100">{t("caughtUp")}</span>
            <span className="block">{t("next", { when: format.relativeTime(strip.next, now) })}</span>
          </span>
        </p>
      </StripFrame>
    );
  }
  return (
    <StripFrame state="due" more={strip.more}>
      {/* One row: it scrolls sideways on narrow screens rather than growing taller. */}
      <ul className="-mx-1 grid snap-x scroll-px-1 auto-cols-[minmax(16rem,1fr)] grid-flow-col gap-3 overflow-x-auto px-1 pb-1 lg:auto-cols-auto lg:grid-flow-row lg:grid-cols-4">
        {strip.decks.map((d) => (
          <li key={d.slug} className="snap-start">
            <Link
              href={`/study/${d.slug}`}
              className={`${ROW_HEIGHT} group flex flex-col justify-center gap-1 rounded-2xl border border-zinc-200 bg-white px-4 py-3 transition hover:border-brand-300 hover:shadow-sm dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-700`}
              data-testid="study-strip-deck"
            >
              <span className="line-clamp-2 leading-snug font-semibold [overflow-wrap:anywhere]">{d.title}</span>
              <span className="flex items-center gap-2 text-sm">
                <span className="whitespace-nowrap tabular-nums">
                  <span className={count(d.due, "text-rose-700 dark:text-rose-400")}>{t("due", { count: d.due })}</span>
                  <span className="text-zinc-500 dark:text-zinc-400"> · </span>
                  <span className={count(d.new, "text-sky-700 dark:text-sky-400")}>{t("new", { count: d.new })}</span>
                </span>
                <ArrowRight className="ml-auto size-4 shrink-0 text-brand-600 transition group-hover:translate-x-0.5 motion-reduce:transition-none dark:text-brand-400" aria-hidden />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </StripFrame>
  );
}

/** What a guest's page shows while their browser reads its cards: the strip's place, kept. */
export async function StudyStripSkeleton() {
  return (
    <StripFrame state="loading">
      <div className={`${ROW_HEIGHT} animate-pulse rounded-2xl bg-zinc-100 motion-reduce:animate-none dark:bg-zinc-800/60`} />
    </StripFrame>
  );
}
