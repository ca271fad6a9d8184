import { ArrowRight, Shuffle } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { NICKNAME_MAX } from "@/core/nickname-limits";

/**
 * The second step of joining: a nickname (a member's own, shortened to fit, is offered), or a generated one. A plain GET form to the game screen
 * (/game/[pin]), which joins over the live connection: this page stays free of Socket.IO.
 */
export async function JoinNameForm({ pin, generatedOnly, defaultName }: { pin: string; generatedOnly: boolean; defaultName?: string }) {
  const t = await getTranslations("join");
  if (generatedOnly) {
    return (
      <form action={`/game/${pin}`} method="get" className="flex flex-col gap-3">
        <input type="hidden" name="generated" value="1" />
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("generatedOnly")}</p>
        <button type="submit" className={buttonClass("primary", "lg", "w-full")} data-testid="join-generated">
          {t("submit")}
          <ArrowRight className="size-4" aria-hidden />
        </button>
      </form>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <form action={`/game/${pin}`} method="get" className="flex flex-col gap-2">
        <label htmlFor="join-nickname" className="text-sm font-semibold">
          {t("nicknameLabel")}
        </label>
        <input
          id="join-nickname"
          name="name"
          required
          maxLength={NICKNAME_MAX}
          defaultValue={defaultName}
          autoComplete="nickname"
          autoCapitalize="words"
          spellCheck={false}
          aria-describedby="join-nickname-help"
          className="h-12 w-full rounded-xl border border-zinc-300 bg-white px-4 text-lg font-semibold focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
        />
        <p id="join-nickname-help" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("nicknameHelp", { max: NICKNAME_MAX })}
        </p>
        <button type="submit" className={buttonClass("primary", "lg", "w-full")} data-testid="join-submit">
          {t("submit")}
          <ArrowRight className="size-4" aria-hidden />
        </button>
      </form>
      <form action={`/game/${pin}`} method="get">
        <input type="hidden" name="generated" value="1" />
        <button type="submit" className={buttonClass("secondary", "lg", "w-full")} data-testid="join-generated">
          <Shuffle className="size-4" aria-hidden />
          {t("useGenerated")}
        </button>
      </form>
    </div>
  );
}
