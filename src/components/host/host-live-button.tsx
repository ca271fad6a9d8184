import { MonitorPlay } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { hostLiveAction } from "@/server/actions/live";

/** "Host live" on a quiz page: a plain form, so it works before JavaScript loads; guests go to sign in. */
export async function HostLiveButton({ slug }: { slug: string }) {
  const t = await getTranslations("live");
  return (
    <form action={hostLiveAction.bind(null, slug)} className="mt-2">
      <button type="submit" className={buttonClass("secondary", "lg", "w-full")} data-testid="host-live">
        <MonitorPlay className="size-5" aria-hidden />
        {t("hostLive")}
      </button>
    </form>
  );
}
