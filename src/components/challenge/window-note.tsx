"use client";

import { useTranslations } from "next-intl";
import { useLocalDateTime } from "@/components/ui/local-time";

/** "This challenge opens on …" / "… closed on …", the moment in the viewer's own time zone. */
export function useWindowText(): (window: { state: "upcoming" | "closed"; at: string }) => string {
  const t = useTranslations("challenge");
  const say = useLocalDateTime();
  return (w) => t(w.state === "upcoming" ? "opensLater" : "closedAt", { at: say(w.at) });
}

export function WindowNote({ state, at }: { state: "upcoming" | "closed"; at: string }) {
  const text = useWindowText();
  return (
    <p className="rounded-xl bg-zinc-100 px-4 py-3 text-sm font-medium text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200" data-testid="challenge-window-note">
      {text({ state, at })}
    </p>
  );
}
