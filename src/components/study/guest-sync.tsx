"use client";

import CloudUpload from "lucide-react/icons/cloud-upload";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { studyDeviceZoneAction } from "@/server/actions/study";

/**
 * On a member's study pages: study progress this browser kept while signed out joins the
 * account (once; the server merges by the latest review per card), then the page reloads its data.
 * IndexedDB's wrapper loads after the page has shown: nothing of it is needed to draw it.
 * `offerZone` (no settings saved yet): the study day takes this device's time zone, not UTC.
 */
export function GuestStudySync({ offerZone = false }: { offerZone?: boolean }) {
  const t = useTranslations("study");
  const router = useRouter();
  const [merged, setMerged] = useState<number | null>(null);
  useEffect(() => {
    if (!offerZone) return;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZone) return;
    // Refused (a zone this server does not know) or offline: the next study page offers it again.
    // The dashboard shows the zone and today's counts again; a session in progress is left as it
    // is (a new queue would start it over), and its next page uses the zone.
    void studyDeviceZoneAction({ timeZone })
      .then((res) => {
        if (res.ok && res.value.adopted && window.location.pathname === "/study") router.refresh();
      })
      .catch(() => {});
  }, [offerZone, router]);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const { forgetGuestProgress, loadGuestProgress } = await import(/* webpackChunkName: "guest-study" */ "./guest-store");
      const progress = await loadGuestProgress();
      if (cancelled || (progress.cards.length === 0 && progress.reviews.length === 0)) return;
      const res = await fetch("/api/v1/study/guest-progress", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(progress),
      }).catch(() => null);
      // Kept in the browser on any failure: the next study page tries again.
      if (!res?.ok) return;
      await forgetGuestProgress(progress);
      if (cancelled) return;
      setMerged(progress.reviews.length);
      router.refresh();
    })().catch(() => {
      // The module did not load (offline): the next study page tries again.
    });
    return () => {
      cancelled = true;
    };
  }, [router]);
  if (merged === null) return null;
  return (
    <p
      role="status"
      className="container-page mt-4 flex items-center gap-2 rounded-2xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
      data-testid="guest-merged"
    >
      <CloudUpload className="size-5 shrink-0" aria-hidden />
      {t("guestMerged", { count: merged })}
    </p>
  );
}
