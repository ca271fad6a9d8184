import MonitorPlay from "lucide-react/icons/monitor-play";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { hostLiveAction } from "@/server/actions/live";
import { ownClasses } from "@/server/classes";
import { getViewer } from "@/server/viewer";

/**
 * "Host live" on a quiz page: a plain form, so it works before JavaScript loads; guests go to sign
 * in. A member with classes may host it for one of them (docs/rules.md §13): players then pick
 * their names from its roster.
 */
export async function HostLiveButton({ slug }: { slug: string }) {
  const t = await getTranslations("live");
  const viewer = await getViewer();
  const classes = viewer ? await ownClasses(viewer) : [];
  return (
    <form action={hostLiveAction.bind(null, slug)} className="mt-2 flex min-w-0 flex-col gap-2">
      {classes.length > 0 && (
        <label className="flex min-w-0 flex-col gap-1 text-sm font-semibold">
          {t("hostForClass")}
          <select
            name="classId"
            defaultValue=""
            data-testid="host-class"
            // As wide as the card, not as its longest option (a long one widened the page on phones).
            className="h-11 w-full min-w-0 rounded-xl border border-zinc-300 bg-white px-3 text-base font-medium dark:border-zinc-700 dark:bg-zinc-950"
          >
            <option value="">{t("hostNoClass")}</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="submit" className={buttonClass("secondary", "lg", "w-full")} data-testid="host-live">
        <MonitorPlay className="size-5" aria-hidden />
        {t("hostLive")}
      </button>
    </form>
  );
}
