import { getTranslations } from "next-intl/server";
import { gameTeamName, teamKey } from "@/core/live/teams";
import { TeamMark } from "@/components/teams/team-mark";

/**
 * A team game where players pick: the teams to choose from on the join page (docs/rules.md §4
 * "Teams"), sent as `team` with the join, named as the host's screen names them (`names`, else
 * in the page's language). Plain radio buttons: no script on the join page.
 */
export async function JoinTeamPicker({ count, names }: { count: number; names?: string[] }) {
  const t = await getTranslations("teams");
  return (
    <fieldset className="grid gap-2" data-testid="join-teams">
      <legend className="mb-1 text-sm font-semibold">{t("pickLegend")}</legend>
      <div className="grid grid-cols-2 gap-2">
        {Array.from({ length: count }, (_, i) => (
          <label
            key={i}
            className="flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-zinc-300 bg-white px-3 font-semibold has-[:checked]:border-brand-600 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 dark:border-zinc-700 dark:bg-zinc-950"
          >
            <input type="radio" name="team" value={i} required className="size-4 accent-brand-600" data-testid={`join-team-${i}`} />
            <TeamMark team={i} name={gameTeamName({ names }, i) ?? t(`names.${teamKey(i)}`)} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
