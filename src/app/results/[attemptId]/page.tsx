import { isUuid } from "@/core/ids";
import ArrowLeft from "lucide-react/icons/arrow-left";
import CheckCircle2 from "lucide-react/icons/circle-check";
import Clock from "lucide-react/icons/clock";
import Eye from "lucide-react/icons/eye";
import Lightbulb from "lucide-react/icons/lightbulb";
import NotebookPen from "lucide-react/icons/notebook-pen";
import Target from "lucide-react/icons/target";
import Trophy from "lucide-react/icons/trophy";
import Vote from "lucide-react/icons/vote";
import XCircle from "lucide-react/icons/circle-x";
import Zap from "lucide-react/icons/zap";
import type { Metadata } from "next";
import Link from "@/components/ui/link";
import { notFound, redirect } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { cache } from "react";
import { clsx } from "clsx";
import { AnswerText } from "@/components/answer/answer-text";
import type { AnswerWords } from "@/components/answer/describe-answer";
import { THUMB_BOX } from "@/components/answer/picture-boxes";
import { QuestionImage } from "@/components/answer/question-image";
import { RetryButton } from "@/components/play/retry-button";
import { formatDuration } from "@/components/quiz/leaderboard";
import { ResultCard } from "@/components/share/result-card";
import { SharePanel } from "@/components/share/share-panel";
import { buttonClass } from "@/components/ui/button";
import { Rich, RichProvider } from "@/components/ui/rich";
import type { ReviewItem } from "@/core/play/attempt";
import { carriesPoints, takesAnswer } from "@/core/question";
import { attemptResult, isAttemptInProgress } from "@/server/attempts";
import { currentPlayer } from "@/server/viewer";
import { publicUrl } from "@/server/public-url";
import { qrSvgDataUrl } from "@/server/qr";
import { richTexts } from "@/server/rich-text";

type Props = { params: Promise<{ attemptId: string }> };

const load = cache(async (attemptId: string) => attemptResult(attemptId, await currentPlayer()));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const r = await load((await params).attemptId);
  if (!r) return {};
  const t = await getTranslations("results");
  const title = t("title", { nickname: r.nickname, score: r.score, quiz: r.quiz.title });
  const description = t("correctOf", { correct: r.correctCount, total: r.total });
  return { title, description, openGraph: { title, description, url: `/results/${r.id}` }, twitter: { card: "summary_large_image", title, description } };
}

export default async function ResultsPage({ params }: Props) {
  const { attemptId } = await params;
  if (!isUuid(attemptId)) notFound();
  const r = await load(attemptId);
  if (!r) {
    // Not finished yet: back to the game (whose page checks that this browser may play it).
    if (await isAttemptInProgress(attemptId)) redirect(`/play/${attemptId}`);
    notFound();
  }
  const t = await getTranslations("results");
  const ts = await getTranslations("share");
  const tp = await getTranslations("play");
  const format = await getFormatter();
  const path = `/results/${r.id}`;
  const url = `${await publicUrl()}${path}`;
  const qr = await qrSvgDataUrl(url);
  const accuracy = r.total ? Math.round((r.correctCount / r.total) * 100) : 0;
  const shareText = ts("shareText", { score: r.score, quiz: r.quiz.title });
  const stats = [
    { icon: Trophy, label: t("score"), value: format.number(r.score), tone: "text-amber-500" },
    { icon: Target, label: t("accuracy"), value: format.number(accuracy / 100, { style: "percent" }), tone: "text-emerald-500" },
    { icon: Clock, label: t("time"), value: formatDuration(r.durationMs ?? 0), tone: "text-sky-500" },
    { icon: Zap, label: t("bestStreak"), value: format.number(r.bestStreak), tone: "text-orange-500" },
    { icon: Trophy, label: t("rank"), value: t("rankOf", { rank: r.rank, players: r.players }), tone: "text-brand-500" },
  ];
  return (
    <div className="container-page space-y-8 py-8">
      <div>
        {/* An attempt at a challenge leads back to the challenge (where its board and any attempts left are). */}
        <Link
          href={r.challenge ? `/challenge/${r.challenge.code}` : `/quiz/${r.quiz.slug}`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {r.quiz.title}
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight">
          {t("heading")}: {r.nickname}
        </h1>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("correctOf", { correct: r.correctCount, total: r.total })}</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="result-stats">
        {stats.map(({ icon: Icon, label, value, tone }) => (
          <div key={label} className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
            <dt className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
              <Icon className={clsx("size-4", tone)} aria-hidden />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <section aria-label={ts("title")}>
          <ResultCard
            shareText={shareText}
            card={{
              quizTitle: r.quiz.title,
              nickname: r.nickname,
              score: r.score,
              accuracy,
              rank: r.rank,
              players: r.players,
              bestStreak: r.bestStreak,
              qr,
              url,
              fileName: `quizdeck-${r.quiz.slug}-${r.score}.png`,
            }}
          />
        </section>
        <aside className="space-y-5">
          <div className="flex flex-wrap gap-2">
            {r.challenge ? (
              <Link href={`/challenge/${r.challenge.code}`} className={buttonClass("primary", "md")} data-testid="back-to-challenge">
                {t("backToChallenge")}
              </Link>
            ) : (
              <>
                {r.isOwner ? <RetryButton slug={r.quiz.slug} nickname={r.nickname} /> : null}
                <Link href={`/quiz/${r.quiz.slug}`} className={buttonClass(r.isOwner ? "secondary" : "primary", "md")}>
                  {t("back")}
                </Link>
              </>
            )}
          </div>
          <div>
            <h2 className="mb-3 text-lg font-bold">{ts("title")}</h2>
            <SharePanel path={url} title={r.quiz.title} text={shareText} qr={qr} />
          </div>
        </aside>
      </div>

      {r.review && (
        <section aria-labelledby="review-heading" lang={r.quiz.language}>
          <h2 id="review-heading" className="flex items-center gap-2 text-xl font-bold" lang="">
            <Eye className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
            {t("review")}
          </h2>
          {/* Formatted texts and formulas, rendered here on the server (src/server/rich-text.ts). */}
          <RichProvider html={richTexts(r.review.flatMap((item) => [item.prompt, item.explanation, ...item.choices.map((c) => c.text)]))}>
            <ol className="mt-4 space-y-3" data-testid="review">
              {/* A slide asked nothing: it has no row (docs/rules.md §5). */}
              {r.review.filter((item) => takesAnswer(item.type)).map((item) => (
                <ReviewRow key={item.position} item={item} words={{ yes: tp("true"), no: tp("false"), none: tp("noAnswer") }} labels={{ yours: t(item.type === "poll" ? "yourVote" : "yourLabel"), correct: t("correctLabel"), right: t("reviewRight"), wrong: t("reviewWrong"), points: t("points", { points: item.points }), hint: t("hintUsed"), notMarked: t("notMarked"), model: t("modelLabel"), noRightAnswer: t("noRightAnswer") }} />
              ))}
            </ol>
          </RichProvider>
        </section>
      )}
    </div>
  );
}

function ReviewRow({
  item,
  words,
  labels,
}: {
  item: ReviewItem;
  words: AnswerWords;
  labels: { yours: string; correct: string; right: string; wrong: string; points: string; hint: string; notMarked: string; model: string; noRightAnswer: string };
}) {
  const ctx = { type: item.type, choices: item.choices, unit: item.unit };
  // An open answer nobody has marked is neither right nor wrong; its key is the model answer, if any.
  const unmarked = item.type === "open" && item.mark === undefined;
  // A poll's vote and a word cloud's words have no right answer: no mark and no key.
  const unanswerable = !carriesPoints(item.type);
  const showKey = !unanswerable && (item.type !== "open" || item.correctAnswer !== "");
  return (
    <li className="rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-start gap-3">
        {unanswerable ? (
          <Vote className="mt-0.5 size-5 shrink-0 text-zinc-500 dark:text-zinc-400" role="img" aria-label={labels.noRightAnswer} data-testid="no-right-answer" />
        ) : unmarked ? (
          <NotebookPen className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-400" role="img" aria-label={labels.notMarked} data-testid="not-marked" />
        ) : item.correct ? (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" role="img" aria-label={labels.right} />
        ) : (
          <XCircle className="mt-0.5 size-5 shrink-0 text-rose-600 dark:text-rose-400" role="img" aria-label={labels.wrong} />
        )}
        <div className="min-w-0 flex-1">
          <p className="font-semibold" data-testid="review-prompt">
            {item.position + 1}. <Rich text={item.prompt} />
          </p>
          {item.imageUrl && <QuestionImage src={item.imageUrl} alt={item.imageAlt} box={THUMB_BOX} loading="lazy" className="mt-2" />}
          <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
            <dt className="text-zinc-500 dark:text-zinc-400" lang="">
              {labels.yours}
            </dt>
            <dd className="whitespace-pre-line">
              <AnswerText ctx={ctx} answer={item.answer} words={words} />
            </dd>
            {showKey && (
              <>
                <dt className="text-zinc-500 dark:text-zinc-400" lang="">
                  {item.type === "open" ? labels.model : labels.correct}
                </dt>
                <dd className="font-medium whitespace-pre-line" data-testid="review-correct">
                  <AnswerText ctx={ctx} answer={item.correctAnswer} words={words} />
                </dd>
              </>
            )}
          </dl>
          {item.explanation && (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="review-explanation">
              <Rich text={item.explanation} />
            </p>
          )}
        </div>
        <span className="shrink-0 text-sm font-semibold tabular-nums" lang="">
          {labels.points}
          {item.hintUsed && (
            <span className="ml-1 inline-flex items-center text-amber-600" title={labels.hint}>
              <Lightbulb className="size-3.5" aria-hidden />
              <span className="sr-only">{labels.hint}</span>
            </span>
          )}
        </span>
      </div>
    </li>
  );
}
