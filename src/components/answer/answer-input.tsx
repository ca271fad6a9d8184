"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import type { PlayQuestion } from "@/core/play/attempt";
import { BooleanInput, ChoiceInput } from "./choice-input";
import type { InputProps } from "./input-props";
import { SlideText } from "./slide-text";
import { TextInput } from "./text-input";
import { Rich } from "@/components/ui/rich";

export type { InputProps } from "./input-props";

/*
 * Order (with its drag code and icons), number and word cloud inputs load with the first question that needs
 * them: most questions are choices, and a phone on a slow network opens the play screen sooner
 * without them (the /play page's JS budget in scripts/check-bundles.mjs). Until one has arrived,
 * its question shows a still copy of what it will look like (an order question's items in their
 * order, so there is never an empty space to read), and `useAnswerInputReady` keeps Submit off, so
 * nobody sends an answer they could not yet change.
 */
type LazyType = "order" | "number" | "wordcloud" | "open";
let loaded = new Set<LazyType>();
const listeners = new Set<() => void>();
function track<T>(type: LazyType, load: Promise<T>): Promise<T> {
  return load.then((m) => {
    loaded = new Set(loaded).add(type);
    for (const l of listeners) l();
    return m;
  });
}
const loadOrder = () => track("order", import("./order-input"));
const loadNumber = () => track("number", import("./number-input"));
const loadWords = () => track("wordcloud", import("./words-input"));
const OrderInput = lazy(() => loadOrder().then((m) => ({ default: m.OrderInput })));
const NumberInput = lazy(() => loadNumber().then((m) => ({ default: m.NumberInput })));
const WordsInput = lazy(() => loadWords().then((m) => ({ default: m.WordsInput })));
const loadOpen = () => track("open", import("./open-input"));
const OpenInput = lazy(() => loadOpen().then((m) => ({ default: m.OpenInput })));

/** Starts loading the order, number and word cloud inputs (a screen calls it once someone starts playing). */
export function preloadAnswerInputs(): void {
  void loadOrder();
  void loadNumber();
  void loadWords();
  void loadOpen();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** False while the input of a question of this type is still loading (Submit waits for it). */
export function useAnswerInputReady(type: PlayQuestion["type"] | undefined): boolean {
  const lazyType = type === "order" || type === "number" || type === "wordcloud" || type === "open" ? type : null;
  return useSyncExternalStore(
    subscribe,
    () => lazyType === null || loaded.has(lazyType),
    () => lazyType === null,
  );
}

/** What an order question looks like before its input has arrived: the items, in the order shown. */
function OrderPreview({ question }: { question: PlayQuestion }) {
  const items = question.data.type === "order" ? question.data.items : [];
  return (
    <ol className="mt-8 space-y-2" aria-busy="true">
      {items.map((item, i) => (
        <li key={item.id} className="flex min-h-14 items-center gap-2 rounded-2xl border-2 border-zinc-200 bg-white p-2 pl-12 dark:border-zinc-700 dark:bg-zinc-900">
          <span className="w-6 text-center font-mono font-bold text-zinc-600 dark:text-zinc-400">{i + 1}</span>
          <span className="flex-1 px-1 py-2 font-semibold"><Rich text={item.text} /></span>
        </li>
      ))}
    </ol>
  );
}

/** The answer control of a question, shared by solo play, live games, study and the editor's preview. */
export function AnswerInput(props: InputProps) {
  switch (props.question.data.type) {
    case "single":
    case "multiple":
    case "poll":
      return <ChoiceInput {...props} />;
    case "slide":
      return <SlideText text={props.question.data.text} />;
    case "boolean":
      return <BooleanInput {...props} />;
    case "text":
      return <TextInput {...props} />;
    case "wordcloud":
      return (
        <Suspense fallback={<div className="min-h-32" aria-busy="true" />}>
          <WordsInput {...props} />
        </Suspense>
      );
    case "open":
      return (
        <Suspense fallback={<div className="min-h-40" aria-busy="true" />}>
          <OpenInput {...props} />
        </Suspense>
      );
    case "order":
      return (
        <Suspense fallback={<OrderPreview question={props.question} />}>
          <OrderInput {...props} />
        </Suspense>
      );
    case "number":
      return (
        <Suspense fallback={<div className="min-h-40" aria-busy="true" />}>
          <NumberInput {...props} />
        </Suspense>
      );
  }
}
