import ScanLine from "lucide-react/icons/scan-line";
import Smartphone from "lucide-react/icons/smartphone";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { JoinPinForm } from "./join-pin-form";
import type { QrScanLabels } from "./qr-labels";
import { QrScan } from "./qr-scan";

const SCAN_LABELS = ["scan", "scanTitle", "scanHelp", "scanCancel", "cameraDenied", "notAGame", "cameraNeedsHttps"] as const;

/** The join screen's card: the PIN form, or (children) the next step once the PIN names an open game. */
export async function JoinCard({
  title,
  lead,
  defaultPin,
  error,
  children,
}: {
  title: string;
  lead: string;
  defaultPin?: string;
  error?: string;
  children?: ReactNode;
}) {
  const t = await getTranslations("join");
  return (
    <div className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-3xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
        <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Smartphone className="size-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-1 mb-6 text-zinc-600 dark:text-zinc-400">{lead}</p>
        {children ?? (
          <>
            <JoinPinForm defaultPin={defaultPin} error={error} />
            <QrScan
              labels={Object.fromEntries(SCAN_LABELS.map((k) => [k, t(k)])) as QrScanLabels}
              icons={{ note: <ScanLine className="mt-0.5 size-4 shrink-0" aria-hidden />, button: <ScanLine className="size-5" aria-hidden /> }}
            />
          </>
        )}
      </div>
    </div>
  );
}
