"use client";

import { clsx } from "clsx";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

export type ImageStatus = "loading" | "loaded" | "failed";

// What a failed picture shows loads only when one fails: most never do, and solo play's first
// screen has a JS budget (scripts/check-bundles.mjs). Until it arrives the box stays as it is.
const PictureFailed = lazy(() => import("./picture-failed"));

type Props = {
  src: string;
  /** The author's description; none gives alt="", so screen readers skip it rather than read a file name. */
  alt: string | null;
  /** Where it is shown: one of ./picture-boxes (its room and its size before the picture arrives). */
  box: string;
  /** Lazy where many questions are listed (the review); eager where the question is the page. */
  loading?: "eager" | "lazy";
  className?: string;
  /** Told when the picture has loaded or failed (the editor's preview says which). */
  onStatus?: (status: ImageStatus) => void;
};

/**
 * A question's picture: the one place it is drawn, for solo play, study, the results review, a live
 * game's phone and big screen, and the editor. It is decoration around the question: nothing waits
 * for it, and a link that fails keeps its box (so nothing under a finger moves) and shows a quiet
 * icon and the description instead of the browser's broken-image mark.
 */
export function QuestionImage({ src, alt, box, loading = "eager", className, onStatus }: Props) {
  // The status of which picture: a new src starts at "loading" without an effect to reset it.
  const [settled, setSettled] = useState<[string, ImageStatus]>();
  const status = settled?.[0] === src ? settled[1] : "loading";
  const ref = useRef<HTMLImageElement>(null);
  // Each render's own src: a late answer about a picture no longer shown is stored under its src,
  // so it changes nothing (and the editor, told with that render's callback, knows which it was).
  const settle = (next: ImageStatus) => {
    setSettled([src, next]);
    onStatus?.(next);
  };

  useEffect(() => {
    const img = ref.current;
    // A server-rendered picture may load or fail before React listens for it (while the page
    // hydrates): its event went unheard, so ask the image. decode() fails for a broken one.
    if (img?.complete) img.decode().then(() => settle("loaded"), () => settle("failed"));
    // Once per picture: `settle` is this render's, and a later render's would say the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  return (
    <div
      className={clsx("relative aspect-video w-full overflow-hidden rounded-2xl bg-zinc-100 dark:bg-zinc-800", box, className)}
      data-testid="question-image"
      data-status={status}
    >
      {status === "failed" ? (
        <Suspense>
          <PictureFailed alt={alt} />
        </Suspense>
      ) : (
        // eslint-disable-next-line @next/next/no-img-element -- an author's picture from any host, not ours to optimise
        <img
          key={src}
          ref={ref}
          src={src}
          alt={alt ?? ""}
          // The picture's host must not learn which quiz, attempt or game page asked for it.
          referrerPolicy="no-referrer"
          loading={loading}
          decoding="async"
          className="absolute inset-0 size-full object-contain"
          onLoad={() => settle("loaded")}
          onError={() => settle("failed")}
        />
      )}
    </div>
  );
}
