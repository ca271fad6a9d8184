import CalendarClock from "lucide-react/icons/calendar-clock";
import Link2 from "lucide-react/icons/link-2";
import Swords from "lucide-react/icons/swords";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { ChallengeAttempts } from "@/components/challenge/challenge-attempts";
import { ChallengeStart, type StartBlock } from "@/components/challenge/challenge-start";
import { OwnerShare } from "@/components/challenge/owner-share";
import { ChallengeStatePill } from "@/components/challenge/state-pill";
import { Leaderboard } from "@/components/quiz/leaderboard";
import { LocalTime } from "@/components/ui/local-time";
import { canStartChallenge, normalizeChallengeCode } from "@/core/challenge/rules";
import { defaultNickname } from "@/core/nickname-limits";
import { challengeResults, challengeView } from "@/server/challenges";
import { readGuest } from "@/server/guest";
import { publicUrl } from "@/server/public-url";
import { qrSvgDataUrl } from "@/server/qr";
import { getViewer } from "@/server/viewer";

type Props = { params: Promise<{ code: string }> };

// Metadata and page ask for the same challenge; one query serves both within a request.
const load = cache(async (code: string) => challengeView(code, await publicUrl()));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const code = normalizeChallengeCode((await params).code);
  const c = code ? await load(code) : null;
  const t = await getTranslations("challenge");
  // A challenge is handed to a class, not to search engines.
  return { title: c ? t("metaTitle", { quiz: c.quiz.title }) : t("eyebrow"), robots: { index: false } };
}

/**
 * A challenge's page (docs/rules.md §11): the quiz, its window and the viewer's attempts, Start,
 * and its leaderboard; for its owner (and admins) also the link and QR code to hand out, every
 * attempt, the CSV and "Close now".
 */
export default async function ChallengePage({ params }: Props) {
  const raw = (await params).code;
  const code = normalizeChallengeCode(raw);
  if (!code) notFound();
  // A code typed in lower case or with a dash still finds it, at the address that is handed out.
  if (code !== raw) redirect(`/challenge/${code}`);
  const c = await load(code);
  if (!c) notFound();
  const [t, viewer, guest] = await Promise.all([getTranslations("challenge"), getViewer(), readGuest()]);
  const startable = canStartChallenge(c.quiz.status);
  const [owned, qr] = c.canManage ? await Promise.all([challengeResults(code), qrSvgDataUrl(c.url)]) : [null, null];
  const opened = c.state !== "upcoming";
  const closed = c.state === "closed";

  let blocked: StartBlock | null = null;
  if (!startable) blocked = { kind: "unpublished" };
  else if (c.state === "upcoming") blocked = { kind: "window", state: "upcoming", at: c.opensAt };
  else if (closed) blocked = { kind: "window", state: "closed", at: c.closesAt };
  else if (c.attemptsLeft === 0) blocked = { kind: "usedUp", allowed: c.attemptsAllowed };

  return (
    <div className="container-page py-8">
      <header>
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-brand-700 dark:text-brand-300">
          <Swords className="size-4" aria-hidden />
          {t("eyebrow")}
          <span aria-hidden>·</span>
          <span className="font-mono tracking-wider" data-testid="challenge-code">
            {t("code", { code: c.code })}
          </span>
        </p>
        <h1 lang={c.quiz.language} className="mt-1 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          {c.quiz.title}
        </h1>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t("setBy", { name: c.owner.name })}</p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-8">
          {/* Its owner came to hand it out: the link and QR code come first. */}
          {owned && qr && (
            <section aria-labelledby="share-heading" className="rounded-3xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900" data-testid="challenge-share">
              <h2 id="share-heading" className="flex items-center gap-2 text-lg font-bold">
                <Link2 className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
                {t("share")}
              </h2>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("shareLead")}</p>
              <p className="mt-4 rounded-xl bg-zinc-100 px-3 py-2 font-mono text-sm break-all select-all dark:bg-zinc-800" data-testid="challenge-url">
                {c.url}
              </p>
              <div className="mt-4">
                <OwnerShare path={c.url} title={c.quiz.title} text={t("metaTitle", { quiz: c.quiz.title })} qr={qr} />
              </div>
            </section>
          )}

          <section aria-labelledby="challenge-state" className="rounded-3xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <h2 id="challenge-state" className="flex items-center gap-2 text-lg font-bold">
              <CalendarClock className="size-5 text-brand-600 dark:text-brand-400" aria-hidden />
              <span className="sr-only">{t("stateHeading")}:</span>
              <ChallengeStatePill state={c.state} label={t(`state.${c.state}`)} className="px-3 py-0.5 text-sm font-semibold" testId="challenge-state" />
            </h2>
            <dl className="mt-4 grid gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{opened ? t("opened") : t("opens")}</dt>
                <dd className="mt-1 font-medium">
                  <LocalTime iso={c.opensAt} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{closed ? t("closed") : t("closes")}</dt>
                <dd className="mt-1 font-medium" data-testid="challenge-closes">
                  <LocalTime iso={c.closesAt} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{t("yourAttempts")}</dt>
                <dd className="mt-1 font-medium tabular-nums" data-testid="challenge-attempts-used">
                  {t("used", { used: c.attemptsUsed, allowed: c.attemptsAllowed })}
                </dd>
              </div>
            </dl>
            <div className="mt-6">
              <ChallengeStart
                code={c.code}
                nickname={viewer ? defaultNickname(viewer.name) : (guest?.nickname ?? null)}
                open={c.openAttempt}
                blocked={blocked}
                used={c.attemptsUsed}
              />
            </div>
          </section>

          {owned && <ChallengeAttempts code={c.code} state={c.state} attempts={owned.attempts} />}
        </div>

        <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <Leaderboard {...c.leaderboard} emptyText={t("leaderboardEmpty")} />
        </aside>
      </div>
    </div>
  );
}
