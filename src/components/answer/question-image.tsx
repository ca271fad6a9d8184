"use client";

import { clsx } from "clsx";
import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";

export type ImageStatus = "loading" | "loaded" | "failed";

/**
 * How much room the picture takes where it is shown. Every box has its size before the picture
 * arrives (16:9, its height capped, and its width with it so that no wide empty band frames a
 * picture on a large screen), so its arrival moves nothing on the page.
 */
const BOXES = {
  // Solo play and a study card: with the prompt and four options, Submit stays on a 390×844 screen.
  card: "mx-auto max-h-[18dvh] max-w-[32dvh] sm:max-h-[30dvh] sm:max-w-[53.3dvh]",
  // A live game's phone: the prompt, the picture, four answer tiles and Submit fit one screen.
  phone: "mx-auto max-h-[20dvh] max-w-[35.5dvh]",
  // The host's big screen, read from across a room, with the answer tiles still below it.
  screen: "mx-auto max-h-[24vh] max-w-[42.6vh]",
  // The results page's review and the editor: a small copy beside the text.
  thumb: "max-w-64",
} as const;

type Props = {
  src: string;
  /** The author's description; none gives alt="", so screen readers skip it rather than read a file name. */
  alt: string | null;
  size: keyof typeof BOXES;
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
export function QuestionImage({ src, alt, size, loading = "eager", className, onStatus }: Props) {
  const [settled, setSettled] = useState<{ src: string; status: ImageStatus } | null>(null);
  const status: ImageStatus = settled?.src === src ? settled.status : "loading";
  const ref = useRef<HTMLImageElement>(null);
  const report = useRef(onStatus);
  report.current = onStatus;
  const settle = (of: string, next: ImageStatus) => {
    setSettled((s) => (s?.src === of && s.status === next ? s : { src: of, status: next }));
    report.current?.(next);
  };

  useEffect(() => {
    const img = ref.current;
    // A server-rendered picture may load or fail before React listens for it (while the page
    // hydrates): its event went unheard, so ask the image. decode() fails for a broken one.
    if (img?.complete) img.decode().then(() => settle(src, "loaded"), () => settle(src, "failed"));
  }, [src]);

  return (
    <div
      className={clsx("relative aspect-video w-full overflow-hidden rounded-2xl bg-zinc-100 dark:bg-zinc-800", BOXES[size], className)}
      data-testid="question-image"
      data-status={status}
    >
      {status === "failed" ? (
        <div className="flex size-full flex-col items-center justify-center gap-1 p-3 text-center text-sm text-zinc-600 dark:text-zinc-400">
          <ImageOff className="size-6 shrink-0" aria-hidden />
          {alt && <p className="line-clamp-3">{alt}</p>}
        </div>
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
          onLoad={() => settle(src, "loaded")}
          onError={() => settle(src, "failed")}
        />
      )}
    </div>
  );
}
