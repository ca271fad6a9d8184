"use client";

import Star from "lucide-react/icons/star";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, useTransition, type KeyboardEvent } from "react";
import { clsx } from "clsx";
import { rateQuizAction } from "@/server/actions/social";

type Status = { text: string; error?: boolean } | null;

/**
 * 1–5 stars as a radio group (arrow keys move and choose, like native radios). Choosing saves at
 * once; choosing again changes the rating.
 */
export function RatingInput({
  slug,
  initial,
  disabled,
  onGuest,
  onStatus,
}: {
  slug: string;
  initial: number | null;
  disabled: boolean;
  onGuest: (() => void) | null;
  onStatus: (s: Status) => void;
}) {
  const t = useTranslations("social");
  const id = useId();
  const [value, setValue] = useState<number | null>(initial);
  const [hover, setHover] = useState<number | null>(null);
  const [pending, startTransition] = useTransition();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (n: number) => {
    if (disabled) return;
    if (onGuest) {
      onGuest();
      return;
    }
    const before = value;
    setValue(n);
    startTransition(async () => {
      const res = await rateQuizAction({ slug, value: n });
      if (res.ok) onStatus({ text: t("ratedAs", { value: n }) });
      else {
        setValue(before);
        onStatus({ text: res.code === "forbidden" ? t("ownQuiz") : t("failed"), error: true });
      }
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, n: number) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const next = Math.min(5, Math.max(1, n + step));
    refs.current[next - 1]?.focus();
    choose(next);
  };

  const shown = hover ?? value ?? 0;
  const focusable = value ?? 1;
  return (
    <div className="flex items-center gap-2">
      <span id={`${id}-label`} className="text-sm font-semibold text-zinc-700 dark:text-zinc-300">
        {t("yourRating")}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-disabled={disabled || undefined}
        aria-busy={pending || undefined}
        className="flex"
        onMouseLeave={() => setHover(null)}
        data-testid="rating-input"
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            ref={(el) => {
              refs.current[n - 1] = el;
            }}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={t("stars", { count: n })}
            tabIndex={n === focusable ? 0 : -1}
            disabled={disabled}
            onClick={() => choose(n)}
            onKeyDown={(e) => onKeyDown(e, n)}
            onMouseEnter={() => !disabled && setHover(n)}
            className="rounded-lg p-1 transition-transform enabled:hover:scale-110 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <Star
              className={clsx("size-6", n <= shown ? "fill-amber-400 text-amber-500" : "text-zinc-300 dark:text-zinc-600")}
              aria-hidden
            />
          </button>
        ))}
      </div>
    </div>
  );
}
