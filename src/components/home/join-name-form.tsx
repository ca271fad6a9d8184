import ArrowRight from "lucide-react/icons/arrow-right";
import Shuffle from "lucide-react/icons/shuffle";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { IDENTIFIER_MAX } from "@/core/live/limits";
import { NICKNAME_MAX } from "@/core/nickname-limits";
import { JoinTeamPicker } from "./join-team-picker";

/**
 * The second step of joining: a nickname (a member's own, shortened to fit, is offered), or a generated one. A plain GET form to the game screen
 * (/game/[pin]), which joins over the live connection: this page stays free of Socket.IO.
 */
export async function JoinNameForm({
  pin,
  generatedOnly,
  defaultName,
  identifierLabel = null,
  pickTeamOf = 0,
  teamNames,
}: {
  pin: string;
  generatedOnly: boolean;
  defaultName?: string;
  /** The host's extra field (a student number, say): asked first, sent as `id`. */
  identifierLabel?: string | null;
  /** A team game where players pick: its number of teams (0: no pick), asked with the name. */
  pickTeamOf?: number;
  /** The teams' names as the host's screen shows them (absent: the page's language). */
  teamNames?: string[];
}) {
  const t = await getTranslations("join");
  const identifierField = (id: string) =>
    identifierLabel && (
      <>
        <label htmlFor={id} className="text-sm font-semibold">
          {identifierLabel}
        </label>
        <input
          id={id}
          name="id"
          required
          maxLength={IDENTIFIER_MAX}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-help`}
          data-testid="join-identifier"
          className="h-12 w-full rounded-xl border border-zinc-300 bg-white px-4 text-lg font-semibold focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
        />
        <p id={`${id}-help`} className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("identifierPrivate")}
        </p>
      </>
    );
  if (generatedOnly) {
    return (
      <form action={`/game/${pin}`} method="get" className="flex flex-col gap-3">
        {identifierField("join-identifier-generated")}
        {pickTeamOf > 0 && <JoinTeamPicker count={pickTeamOf} names={teamNames} />}
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
      <form id="join-name" action={`/game/${pin}`} method="get" className="flex flex-col gap-2">
        {identifierField("join-identifier")}
        {pickTeamOf > 0 && <JoinTeamPicker count={pickTeamOf} names={teamNames} />}
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
      {/* With a host's field the generated name is asked for on the game screen, with the field. */}
      {/* With teams to pick, the pick goes with the generated name: this button submits the form above. */}
      {pickTeamOf > 0 ? (
        <button type="submit" form="join-name" name="generated" value="1" formNoValidate className={buttonClass("secondary", "lg", "w-full")} data-testid="join-generated">
          <Shuffle className="size-4" aria-hidden />
          {t("useGenerated")}
        </button>
      ) : (
      <form action={`/game/${pin}`} method="get">
        <input type="hidden" name="generated" value="1" />
        <button type="submit" className={buttonClass("secondary", "lg", "w-full")} data-testid="join-generated">
          <Shuffle className="size-4" aria-hidden />
          {t("useGenerated")}
        </button>
      </form>
      )}
    </div>
  );
}
