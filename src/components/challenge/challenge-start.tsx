"use client";

import { Play, StepForward } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { NicknameField } from "@/components/play/nickname-field";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { startChallengeAction } from "@/server/actions/challenges";
import { useWindowText, WindowNote } from "./window-note";

/** Why the page offers no Start: not open (and when it opens or closed), attempts used up, the quiz unpublished. */
export type StartBlock = { kind: "window"; state: "upcoming" | "closed"; at: string } | { kind: "usedUp"; allowed: number } | { kind: "unpublished" };

/**
 * Start on a challenge's page: the nickname box of solo play, then a new attempt linked to the
 * challenge, played on the ordinary play screen; or why there is nothing to start. A refusal
 * (closed meanwhile, attempts used up in another tab) takes the Start button's place with the
 * reason, and stays when the page renders again (a guest's first start sets their cookie, which
 * refreshes the page: by then it has closed).
 */
export function ChallengeStart({
  code,
  nickname: remembered,
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
  const ts = useTranslations("start");
  const errorText = useErrorText();
  const fieldText = useFieldErrorText();
  const windowText = useWindowText();
  const router = useRouter();
  const id = useId();
  const [nickname, setNickname] = useState(remembered ?? "");
  const [editing, setEditing] = useState(!remembered);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const start = () =>
    startTransition(async () => {
      setError(null);
      const res = await startChallengeAction(code, { nickname });
      if (res.ok) router.push(`/play/${res.value.id}`);
      // The server's field messages are English: say it in the viewer's language from the code.
      else if (res.fieldCodes?.nickname) setError(fieldText(res.fieldCodes.nickname[0]));
      else if (res.code === "challenge_closed" && res.window) setRefusal(windowText(res.window));
      else if (res.code === "no_attempts_left") setRefusal(errorText(res.code));
      else setError(errorText(res.code));
    });

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
      {open && (
        <Link href={`/play/${open.id}`} className={buttonClass("primary", "lg", "w-full")} data-testid="continue-play">
          <StepForward className="size-5" aria-hidden />
          {t("continue")}
          <span className="font-medium whitespace-nowrap opacity-90">· {ts("continueAt", { n: Math.min(open.position + 1, open.total), total: open.total })}</span>
        </Link>
      )}
      {!blocked && !refusal && (
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            start();
          }}
          noValidate
        >
          <NicknameField id={id} nickname={nickname} onNickname={setNickname} editing={editing} onEdit={() => setEditing(true)} error={error} />
          <button type="submit" className={buttonClass(open ? "secondary" : "primary", "lg", "w-full")} disabled={pending} data-testid="challenge-play">
            <Play className="size-5 fill-current" aria-hidden />
            {used > 0 ? t("startAgain") : t("start")}
          </button>
        </form>
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
