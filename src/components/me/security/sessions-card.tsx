"use client";

import LogOut from "lucide-react/icons/log-out";
import Monitor from "lucide-react/icons/monitor";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { pill } from "@/components/me/panel";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import type { SessionRow } from "@/core/second-factor";
import { revokeOtherSessionsAction, revokeSessionAction } from "@/server/actions/security";
import { Alert } from "./alert";
import { useLocalDateTime } from "@/components/ui/local-time";

/** The account's sessions: which device, when last seen, this one marked; sign out one or all the others. */
export function SessionsCard({ sessions }: { sessions: SessionRow[] }) {
  const t = useTranslations("me.security");
  const errorText = useErrorText();
  // In the viewer's own time zone (the server only knows UTC).
  const localDateTime = useLocalDateTime();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const device = (s: SessionRow) =>
    s.device.browser && s.device.os
      ? t("deviceOn", { browser: s.device.browser, os: s.device.os })
      : (s.device.browser ?? s.device.os ?? t("unknownDevice"));
  const run = (action: () => Promise<{ ok: boolean; code?: string }>) =>
    startTransition(async () => {
      const res = await action();
      setError(res.ok ? null : errorText(res.code));
    });

  return (
    <div className="space-y-4">
      <ul className="space-y-2" data-testid="sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800" data-testid="session">
            <Monitor className="size-5 shrink-0 text-zinc-400" aria-hidden />
            <div className="min-w-0 flex-1 basis-40">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                <span data-testid="session-device">{device(s)}</span>
                {s.current && (
                  <span className={`${pill} bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-200`} data-testid="this-device">
                    {t("thisDevice")}
                  </span>
                )}
              </p>
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                {t("lastSeen", { date: localDateTime(new Date(s.lastSeen).toISOString()) })}
              </p>
            </div>
            {!s.current && (
              <button
                type="button"
                className={buttonClass("secondary", "sm")}
                disabled={pending}
                onClick={() => run(() => revokeSessionAction({ sessionId: s.id }))}
                aria-label={`${t("signOutSession")}: ${device(s)}`}
                data-testid="session-revoke"
              >
                <LogOut className="size-4" aria-hidden />
                {t("signOutSession")}
              </button>
            )}
          </li>
        ))}
      </ul>
      {sessions.some((s) => !s.current) && (
        <button type="button" className={buttonClass("secondary", "md")} disabled={pending} onClick={() => run(() => revokeOtherSessionsAction())} data-testid="sessions-revoke-others">
          <LogOut className="size-4" aria-hidden />
          {t("signOutOthers")}
        </button>
      )}
      <Alert>{error}</Alert>
    </div>
  );
}
