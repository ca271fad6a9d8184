"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ContinueLink } from "@/components/play/continue-link";
import { StartForm } from "@/components/play/start-form";
import { useErrorText } from "@/components/ui/error-text";
import { startChallengeAction } from "@/server/actions/challenges";
import { useWindowText, WindowNote } from "./window-note";

/** Why the page offers no Start: not open (and when it opens or closed), attempts used up, the quiz unpublished. */
export type StartBlock = { kind: "window"; state: "upcoming" | "closed"; at: string } | { kind: "usedUp"; allowed: number } | { kind: "unpublished" };

/**
 * Start on a challenge's page: solo play's start form (nickname box, then a new attempt linked to
 * the challenge on the ordinary play screen); or why there is nothing to start. A refusal (closed
 * meanwhile, attempts used up in another tab) takes the form's place with the reason, and stays
 * when the page renders again (a guest's first start sets their cookie, which refreshes the page:
 * by then it reads closed).
 */
export function ChallengeStart({
  code,
  nickname,
  open,
  blocked,
  used,
}: {
  code: string;
  nickname: string | null;
  /** This player's attempt in progress at the challenge: "Continue" resumes it. */
  open: { id: string; position: number; total: number } | null;
  /** Null: an attempt is left to start. */
  blocked: StartBlock | null;
  used: number;
}) {
  const t = useTranslations("challenge");
  const errorText = useErrorText();
  const windowText = useWindowText();
  const [refusal, setRefusal] = useState<string | null>(null);

  return (
    <div className="space-y-3" data-testid="challenge-start">
      {refusal ? (
        <p role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200" data-testid="challenge-refused">
          {refusal}
        </p>
      ) : (
        // Attempts used up, but one still under way: Continue says enough.
        blocked && !(blocked.kind === "usedUp" && open) && <Blocked block={blocked} />
      )}
      {open && <ContinueLink open={open} />}
      {!blocked && !refusal && (
        <StartForm
          remembered={nickname}
          start={(name) => startChallengeAction(code, { nickname: name })}
          onRefused={(res) => {
            if (res.code === "challenge_closed" && res.window) setRefusal(windowText(res.window));
            else if (res.code === "no_attempts_left") setRefusal(errorText(res.code));
            else return false;
            return true;
          }}
          label={used > 0 ? t("startAgain") : t("start")}
          testId="challenge-play"
          secondary={Boolean(open)}
        />
      )}
    </div>
  );
}

function Blocked({ block }: { block: StartBlock }) {
  const t = useTranslations("challenge");
  if (block.kind === "window") return <WindowNote state={block.state} at={block.at} />;
  if (block.kind === "usedUp") {
    return (
      <p className="rounded-xl bg-zinc-100 px-4 py-3 text-sm font-medium text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200" data-testid="challenge-used-up">
        {t("usedUp", { allowed: block.allowed })}
      </p>
    );
  }
  return <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">{t("unpublished")}</p>;
}
