import ExternalLink from "lucide-react/icons/external-link";
import Search from "lucide-react/icons/search";
import Swords from "lucide-react/icons/swords";
import Link from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { ChallengeStatePill } from "@/components/challenge/state-pill";
import { buttonClass } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { challengeState } from "@/core/challenge/rules";
import { ownChallenges } from "@/server/challenges";
import { EmptyState, Panel, PanelItem } from "./panel";

/** The challenges this member handed out, newest first: state, players, and a link to each page. */
export async function ChallengesPanel({ userId }: { userId: string }) {
  const [t, tc, challenges] = await Promise.all([getTranslations("me.challenges"), getTranslations("challenge"), ownChallenges(userId)]);
  const now = new Date();
  return (
    <Panel icon={Swords} title={t("title")}>
      {challenges.length === 0 ? (
        <EmptyState
          action={
            <Link href="/explore" className={buttonClass("primary", "sm")}>
              <Search className="size-4" aria-hidden />
              {t("explore")}
            </Link>
          }
        >
          {t("empty")}
        </EmptyState>
      ) : (
        <ul className="space-y-3" data-testid="own-challenges">
          {challenges.map((c) => {
            const state = challengeState(c, now);
            return (
              <PanelItem
                key={c.code}
                testId="own-challenge"
                title={c.quizTitle}
                details={
                  <>
                    <ChallengeStatePill state={state} label={tc(`state.${state}`)} className="px-2.5 py-0.5 text-xs font-medium" testId="own-challenge-state" />
                    <span className="font-mono">{c.code}</span>
                    <span aria-hidden>·</span>
                    <span>{t("players", { count: c.players })}</span>
                    <span aria-hidden>·</span>
                    <span>{t("attempts", { count: c.attempts })}</span>
                    <span aria-hidden>·</span>
                    <span>
                      {state === "closed" ? tc("closed") : tc("closes")} <LocalTime iso={c.closesAt.toISOString()} />
                    </span>
                  </>
                }
                actions={
                  <Link href={`/challenge/${c.code}`} className={buttonClass("secondary", "sm")} aria-label={`${t("open")}: ${c.quizTitle} (${c.code})`}>
                    <ExternalLink className="size-4" aria-hidden />
                    {t("open")}
                  </Link>
                }
              />
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
