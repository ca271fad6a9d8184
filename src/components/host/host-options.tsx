"use client";

import Check from "lucide-react/icons/check";
import { useTranslations } from "next-intl";
import { clsx } from "clsx";
import { CHOICE_STYLES } from "@/components/answer/choice-style";
import { PollBars } from "@/components/answer/poll-bars";
import { SlideText } from "@/components/answer/slide-text";
import { WordCloud } from "@/components/answer/word-cloud";
import { OpenAnswers } from "./open-answers";
import { CountdownBar } from "@/components/answer/countdown-bar";
import { useCountdown } from "@/components/answer/use-countdown";
import type { HostView, PublicQuestion, RevealSummary } from "@/core/live/protocol";
import { Rich } from "@/components/ui/rich";

export function TimeBar({ view }: { view: HostView }) {
  const t = useTranslations("live");
  const left = useCountdown(view.timing);
  const q = view.question;
  if (!view.timing || !q || left === null) return null;
  const reading = view.stage === "reading";
  const total = reading ? view.timing.answersOpenAt - view.timing.questionStartedAt : q.timeLimitSeconds * 1000;
  const share = total > 0 ? Math.min(1, left / total) : 0;
  return (
    <div className="flex items-center gap-4">
      <CountdownBar
        source={view.timing}
        totalMs={total}
        className="h-4 flex-1 bg-zinc-200 dark:bg-zinc-800"
        fillClassName={reading ? "bg-zinc-400" : share < 0.25 ? "bg-rose-500" : "bg-brand-500"}
      />
      <span className="w-24 text-right font-mono text-4xl font-black tabular-nums" data-testid="host-countdown" aria-label={t("secondsLeft", { seconds: Math.ceil(left / 1000) })}>
        {Math.ceil(left / 1000)}
      </span>
    </div>
  );
}

/**
 * One answer tile on the big screen: colour, shape and letter; after the reveal a check mark on the
 * right ones (not only colour: the others fade) and a bar of how many chose it.
 */
function OptionTile({ index, text, result, compact }: { index: number; text: string; result: { count: number; max: number; correct: boolean } | null; compact: boolean }) {
  const t = useTranslations("live");
  const style = CHOICE_STYLES[index] ?? CHOICE_STYLES[0]!;
  const Shape = style.shape;
  return (
    <li
      className={clsx(
        "relative flex min-h-24 items-center gap-4 overflow-hidden rounded-2xl p-5 text-2xl font-bold shadow-sm lg:text-3xl 2xl:text-4xl",
        // Under a picture the tiles are lower, so that all of them fit a 16:10 or 16:9 screen with it.
        compact ? "lg:min-h-[12vh]" : "lg:min-h-[22vh]",
        style.solid,
        result && !result.correct && "opacity-40",
      )}
      data-correct={result ? String(result.correct) : undefined}
    >
      <span className="inline-flex items-center gap-1 rounded-lg bg-black/15 px-2 py-1" aria-hidden>
        <Shape className="size-6 fill-current" />
        {style.letter}
      </span>
      <span className="flex-1">
        <Rich text={text} />
      </span>
      {result?.correct && <Check className="size-9 shrink-0" strokeWidth={3} aria-label={t("correctOption")} data-testid="correct-mark" />}
      {result && (
        <span className="flex items-center gap-2 tabular-nums">
          <span className="block h-4 rounded-full bg-white/80" style={{ width: `${(result.count / result.max) * 14}rem` }} aria-hidden />
          <span data-testid="option-count">{result.count}</span>
        </span>
      )}
    </li>
  );
}

export function Options({ q, reveal }: { q: PublicQuestion; reveal?: RevealSummary }) {
  const t = useTranslations("live");
  const dist = reveal?.distribution;
  const compact = Boolean(q.imageUrl);
  if (q.data.type === "slide") {
    return (
      <div className="mx-auto max-w-5xl" data-testid="host-slide">
        <SlideText text={q.data.text} big />
      </div>
    );
  }
  if (q.data.type === "wordcloud") {
    // Only the reveal shows the words: the room sees them when the host does.
    if (dist?.type !== "wordcloud") return <p className="rounded-2xl bg-zinc-100 p-6 text-center text-2xl font-semibold dark:bg-zinc-800">{t("typeOnPhones")}</p>;
    return (
      <div className="mx-auto max-w-7xl" data-testid="host-options">
        <WordCloud words={dist.words} big countLabel={(count) => t("times", { count })} empty={t("cloudEmpty")} />
      </div>
    );
  }
  if (q.data.type === "open") {
    // The answers come to this screen at the reveal, hidden until the host shows them.
    if (dist?.type !== "open") return <p className="rounded-2xl bg-zinc-100 p-6 text-center text-2xl font-semibold dark:bg-zinc-800">{t("typeOnPhones")}</p>;
    return <OpenAnswers key={reveal?.questionIndex} answers={dist.answers} />;
  }
  if (q.data.type === "poll" && dist?.type === "poll") {
    // The votes, none right: bars with counts and shares.
    return (
      <div className="mx-auto max-w-5xl" data-testid="host-options">
        <PollBars bars={dist.options} big votesLabel={(count) => t("votes", { count })} />
      </div>
    );
  }
  if (q.data.type === "single" || q.data.type === "multiple" || q.data.type === "poll") {
    const counts = dist && (dist.type === "single" || dist.type === "multiple") ? dist.options : null;
    const max = Math.max(1, ...(counts?.map((c) => c.count) ?? [0]));
    return (
      <ul className="grid gap-4 lg:grid-cols-2" data-testid="host-options">
        {q.data.options.map((o, i) => {
          const c = counts?.find((x) => x.id === o.id);
          return <OptionTile key={o.id} index={i} compact={compact} text={o.text} result={counts ? { count: c?.count ?? 0, max, correct: Boolean(c?.correct) } : null} />;
        })}
      </ul>
    );
  }
  if (q.data.type === "boolean") {
    const d = dist?.type === "boolean" ? dist : null;
    const key = reveal?.key.type === "boolean" ? reveal.key.correct : null;
    const max = Math.max(1, d?.trueCount ?? 0, d?.falseCount ?? 0);
    return (
      <ul className="grid gap-4 lg:grid-cols-2" data-testid="host-options">
        {[true, false].map((v, i) => (
          <OptionTile
            key={String(v)}
            index={i}
            compact={compact}
            text={v ? t("true") : t("false")}
            result={d ? { count: v ? d.trueCount : d.falseCount, max, correct: key === v } : null}
          />
        ))}
      </ul>
    );
  }
  if (q.data.type === "order") {
    const d = dist?.type === "order" ? dist : null;
    return (
      <ol className="grid gap-3" data-testid="host-options">
        {(d ? d.positions : q.data.items).map((item, i) => (
          <li key={item.id} className="flex items-center gap-4 rounded-2xl border-2 border-zinc-200 bg-white p-4 text-2xl font-bold dark:border-zinc-700 dark:bg-zinc-900">
            {d && <span className="font-mono text-brand-600 dark:text-brand-400">{i + 1}.</span>}
            <span className="flex-1">
              <Rich text={item.text} />
            </span>
            {d && "rightPlace" in item && typeof item.rightPlace === "number" && (
              <span className="text-lg font-semibold text-zinc-500 tabular-nums">{t("rightPlace", { count: item.rightPlace })}</span>
            )}
          </li>
        ))}
      </ol>
    );
  }
  if (q.data.type === "number") {
    const d = dist?.type === "number" ? dist : null;
    if (!d) {
      return (
        <p className="rounded-2xl bg-zinc-100 p-6 text-center text-2xl font-semibold dark:bg-zinc-800">
          {t("numberRange", { min: q.data.min, max: q.data.max })} {q.data.unit}
        </p>
      );
    }
    const max = Math.max(1, ...d.buckets.map((b) => b.count));
    return (
      <div className="flex h-56 items-end gap-3" data-testid="host-options">
        {d.buckets.map((b) => (
          <div key={b.from} className="flex flex-1 flex-col items-center gap-2">
            <span className="text-xl font-bold tabular-nums">{b.count}</span>
            <div className={clsx("w-full rounded-t-xl", b.containsAnswer ? "bg-emerald-500" : "bg-zinc-300 dark:bg-zinc-700")} style={{ height: `${(b.count / max) * 9 + 0.25}rem` }} />
            <span className="text-sm text-zinc-500 tabular-nums">
              {Math.round(b.from * 10) / 10}–{Math.round(b.to * 10) / 10}
            </span>
          </div>
        ))}
      </div>
    );
  }
  // Typed answers: at the reveal the most common ones.
  const d = dist?.type === "text" ? dist : null;
  if (!d) return <p className="rounded-2xl bg-zinc-100 p-6 text-center text-2xl font-semibold dark:bg-zinc-800">{t("typeOnPhones")}</p>;
  return (
    <ul className="grid gap-3" data-testid="host-options">
      {d.top.map((g) => (
        <li key={g.text} className={clsx("flex items-center gap-4 rounded-2xl p-4 text-2xl font-bold", g.correct ? "bg-emerald-600 text-white" : "bg-zinc-100 dark:bg-zinc-800")}>
          <span className="flex-1">{g.text}</span>
          <span className="tabular-nums">{g.count}</span>
        </li>
      ))}
    </ul>
  );
}
