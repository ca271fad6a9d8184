"use client";

import ExternalLink from "lucide-react/icons/external-link";
import TriangleAlert from "lucide-react/icons/triangle-exclamation-point";
import { useTranslations } from "next-intl";

/** A machine address phones can use instead of localhost, with the join link and QR code for it. */
export type LanAddress = { origin: string; joinUrl: string; hostUrl: string; qr: string };

/**
 * In place of the lobby's QR code when the host opened the page as localhost (or 127.0.0.1, ::1)
 * and no public URL is configured: phones cannot reach that name, so say so and offer this
 * machine's network addresses, each as a QR code phones can scan and a link to this lobby there.
 */
export function LoopbackNotice({ host, addresses }: { host: string; addresses: LanAddress[] }) {
  const t = useTranslations("live");
  return (
    <div className="mt-6 rounded-2xl bg-white p-5 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100" role="note" data-testid="loopback-notice">
      <p className="flex items-start gap-2 text-lg font-bold text-amber-800 dark:text-amber-300">
        <TriangleAlert className="mt-1 size-5 shrink-0" aria-hidden />
        {t("loopbackTitle", { host })}
      </p>
      <p className="mt-1 text-zinc-700 dark:text-zinc-300">{t("loopbackBody", { host })}</p>
      {addresses.length === 0 ? (
        <p className="mt-3 font-semibold" data-testid="lan-none">
          {t("loopbackNone")}
        </p>
      ) : (
        <>
          <ul className="mt-4 space-y-3" data-testid="lan-addresses">
            {addresses.map((a) => (
              <li
                key={a.origin}
                className="flex flex-col items-start gap-3 rounded-xl border border-zinc-200 p-3 sm:flex-row sm:items-center sm:gap-5 dark:border-zinc-800"
                data-origin={a.origin}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server */}
                <img
                  src={a.qr}
                  alt={t("lanQrAlt", { url: a.joinUrl })}
                  width={160}
                  height={160}
                  className="size-40 shrink-0 rounded-lg border border-zinc-200 bg-white p-1.5"
                  data-testid="lan-qr"
                />
                <div className="min-w-0 space-y-2">
                  <p className="font-mono text-base font-bold break-all" data-testid="lan-join-url">
                    {a.joinUrl}
                  </p>
                  <a
                    href={a.hostUrl}
                    className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
                    data-testid="lan-switch"
                  >
                    <ExternalLink className="size-4 shrink-0" aria-hidden />
                    {t("loopbackSwitch")}
                  </a>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{t("loopbackSignIn")}</p>
        </>
      )}
    </div>
  );
}
