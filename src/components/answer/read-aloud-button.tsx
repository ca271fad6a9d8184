"use client";

import Square from "lucide-react/icons/square";
import Volume2 from "lucide-react/icons/volume-2";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { clsx } from "clsx";
import { spokenOf, spokenText, type SpokenData } from "@/core/play/spoken";

/**
 * The "Read aloud" button (./read-aloud.tsx shows it where the browser can speak): pressed, it
 * reads the question; pressed again, or when the question changes, it stops.
 */
export function ReadAloudButton({ prompt, data, lang, className }: { prompt: string; data: SpokenData; lang: string; className?: string }) {
  const t = useTranslations("play");
  const [speaking, setSpeaking] = useState(false);
  const text = spokenText(spokenOf(prompt, data));

  // A new question (or leaving the screen) silences the last one.
  useEffect(
    () => () => {
      window.speechSynthesis.cancel();
    },
    [text],
  );

  if (!text) return null;
  const toggle = () => {
    const synth = window.speechSynthesis;
    synth.cancel();
    if (speaking) return setSpeaking(false);
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    setSpeaking(true);
    synth.speak(utterance);
  };
  const Icon = speaking ? Square : Volume2;
  return (
    <button
      type="button"
      onClick={toggle}
      className={clsx(
        // Small enough to sit in the question's top row (the screen must still fit the answers and
        // Submit at 390×844), large enough to tap (WCAG 2.5.8: 24 px at least).
        "inline-flex h-8 min-w-8 items-center justify-center gap-1.5 rounded-lg px-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 sm:px-2.5 dark:text-brand-200 dark:hover:bg-brand-950",
        className,
      )}
      data-testid="read-aloud"
      lang=""
    >
      <Icon className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{speaking ? t("stopReading") : t("readAloud")}</span>
    </button>
  );
}

