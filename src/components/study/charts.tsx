import { getFormatter, getTranslations } from "next-intl/server";
import { clsx } from "clsx";

type Day = { date: string; count: number };

const card = "rounded-3xl border border-zinc-200 bg-white p-5 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900";
const asDate = (key: string) => new Date(`${key}T12:00:00Z`);

/** Cards due per day for 30 days: bars, with a sentence and a table saying the same. */
export async function Forecast({ days }: { days: Day[] }) {
  const t = await getTranslations("study.dash");
  const format = await getFormatter();
  const max = Math.max(0, ...days.map((d) => d.count));
  const total = days.reduce((n, d) => n + d.count, 0);
  const busiest = days.find((d) => d.count === max);
  const short = (key: string) => format.dateTime(asDate(key), { month: "short", day: "numeric", timeZone: "UTC" });
  return (
    <section aria-labelledby="forecast-heading" className={card} data-testid="forecast">
      <h2 id="forecast-heading" className="text-lg font-bold">
        {t("forecast")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {total === 0 ? t("forecastEmpty") : t("forecastText", { total, date: short(busiest!.date), max })}
      </p>
      <div className="mt-4 flex h-36 items-end gap-[3px]" aria-hidden>
        {days.map((d, i) => (
          <div key={d.date} className="group relative flex h-full flex-1 flex-col justify-end" title={t("dayCount", { date: short(d.date), count: d.count })}>
            <div
              className={clsx("w-full rounded-t-sm", i === 0 ? "bg-rose-500 dark:bg-rose-400" : "bg-brand-500 dark:bg-brand-400", d.count === 0 && "opacity-20")}
              style={{ height: `${max === 0 ? 2 : Math.max(2, (d.count / max) * 100)}%` }}
            />
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-zinc-500 tabular-nums dark:text-zinc-400" aria-hidden>
        <span>{short(days[0]!.date)}</span>
        <span>{short(days[days.length - 1]!.date)}</span>
      </div>
      <DataTable rows={days.filter((d) => d.count > 0)} format={short} />
    </section>
  );
}

/** A year of reviews as a calendar heatmap (weeks across, weekdays down), with a text summary. */
export async function Heatmap({ days }: { days: Day[] }) {
  const t = await getTranslations("study.dash");
  const format = await getFormatter();
  const max = Math.max(0, ...days.map((d) => d.count));
  const total = days.reduce((n, d) => n + d.count, 0);
  const active = days.filter((d) => d.count > 0).length;
  const long = (key: string) => format.dateTime(asDate(key), { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  // Pad the start so each column is a week starting on Monday.
  const pad = (asDate(days[0]!.date).getUTCDay() + 6) % 7;
  const level = (n: number) => (n === 0 ? 0 : max <= 1 ? 4 : Math.min(4, 1 + Math.floor((n / max) * 3.999)));
  const LEVELS = [
    "bg-zinc-100 dark:bg-zinc-800",
    "bg-brand-200 dark:bg-brand-900",
    "bg-brand-400 dark:bg-brand-700",
    "bg-brand-600 dark:bg-brand-500",
    "bg-brand-800 dark:bg-brand-300",
  ];
  return (
    <section aria-labelledby="heatmap-heading" className={card} data-testid="heatmap">
      <h2 id="heatmap-heading" className="text-lg font-bold">
        {t("heatmap")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("heatmapText", { total, days: active, max })}</p>
      {/* Right-to-left scrolling starts at the latest weeks on a narrow screen; the grid stays left to right. */}
      <div className="mt-4 overflow-x-auto pb-2 [direction:rtl]" aria-hidden>
        <div className="grid w-max grid-flow-col grid-rows-7 gap-[3px] [direction:ltr]">
          {Array.from({ length: pad }, (_, i) => (
            <span key={`pad-${i}`} className="size-3 lg:size-3.5" />
          ))}
          {days.map((d) => (
            <span key={d.date} className={clsx("size-3 rounded-[3px] lg:size-3.5", LEVELS[level(d.count)])} title={t("dayCount", { date: long(d.date), count: d.count })} />
          ))}
        </div>
      </div>
      <div className="mt-2 flex items-center justify-end gap-1 text-xs text-zinc-500 dark:text-zinc-400" aria-hidden>
        {t("less")}
        {LEVELS.map((c) => (
          <span key={c} className={clsx("size-3 rounded-[3px]", c)} />
        ))}
        {t("more")}
      </div>
      <DataTable rows={days.filter((d) => d.count > 0)} format={long} />
    </section>
  );
}

/** Retention achieved against the desired retention: two bars on one scale. */
export async function RetentionMeter({ desired, achieved, reviews }: { desired: number; achieved: number | null; reviews: number }) {
  const t = await getTranslations("study.dash");
  const format = await getFormatter();
  const pct = (n: number) => format.number(n, { style: "percent", maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="retention-heading" className={card} data-testid="retention">
      <h2 id="retention-heading" className="text-lg font-bold">
        {t("retention")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {achieved === null ? t("retentionNone", { desired: pct(desired) }) : t("retentionText", { achieved: pct(achieved), reviews, desired: pct(desired) })}
      </p>
      <div className="mt-6 space-y-4" aria-hidden>
        {[
          { label: t("desiredRetention"), value: desired, tone: "bg-zinc-400 dark:bg-zinc-500" },
          ...(achieved === null ? [] : [{ label: t("retention"), value: achieved, tone: achieved >= desired - 0.02 ? "bg-emerald-500" : "bg-amber-500" }]),
        ].map((b) => (
          <div key={b.label}>
            <div className="flex justify-between text-sm font-semibold">
              <span>{b.label}</span>
              <span className="tabular-nums">{pct(b.value)}</span>
            </div>
            <div className="mt-1 h-3 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
              <div className={clsx("h-full rounded-full", b.tone)} style={{ width: `${b.value * 100}%` }} />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

async function DataTable({ rows, format }: { rows: Day[]; format: (key: string) => string }) {
  const t = await getTranslations("study.dash");
  if (rows.length === 0) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700 dark:text-brand-300">{t("showTable")}</summary>
      <table className="mt-2 w-full max-w-sm text-left">
        <thead>
          <tr>
            <th className="py-1 font-semibold">{t("date")}</th>
            <th className="py-1 text-right font-semibold">{t("count")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.date} className="border-t border-zinc-200 dark:border-zinc-800">
              <td className="py-1">{format(d.date)}</td>
              <td className="py-1 text-right tabular-nums">{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
