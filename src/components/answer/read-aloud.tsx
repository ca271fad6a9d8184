"use client";

import { Square, Volume2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState, useSyncExternalStore } from "react";
import { clsx } from "clsx";
import { spokenText, type Spoken } from "@/core/play/spoken";

const noop = () => () => {};
/** Speech synthesis exists in this browser (false on the server, so the first render matches). */
const useSpeech = () =>
  useSyncExternalStore(
    noop,
    () => typeof window !== "undefined" && "speechSynthesis" in window,
    () => false,
  );

/**
 * "Read aloud": the browser's own speech synthesis reads the question and its options in the
 * quiz's language (`lang`, a two-letter code). Pressed again, or when the question changes, it
 * stops. Nothing shows where the browser cannot speak.
 */
export function ReadAloud({ question, lang, className }: { question: Spoken; lang: string; className?: string }) {
  const t = useTranslations("play");
  const canSpeak = useSpeech();
  const [speaking, setSpeaking] = useState(false);
  const text = spokenText(question);

  // A new question (or leaving the screen) silences the last one.
  useEffect(
    () => () => {
      if (typeof window !== "undefined" && "speechSynthesis" in window) window.speechSynthesis.cancel();
    },
    [text],
  );

  if (!canSpeak || !text) return null;
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
        "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 dark:text-brand-200 dark:hover:bg-brand-950",
        className,
      )}
      data-testid="read-aloud"
      lang=""
    >
      <Icon className="size-4" aria-hidden />
      {speaking ? t("stopReading") : t("readAloud")}
    </button>
  );
}

/** The spoken form of a question's data: its prompt and, for choices and polls, its options. */
export function spokenQuestion(prompt: string, data: { type: string } | { type: string; options: readonly { text: string }[] }): Spoken {
  return "options" in data ? { prompt, options: data.options.map((o) => o.text) } : { prompt };
}
