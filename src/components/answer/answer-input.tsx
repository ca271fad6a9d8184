"use client";

import { lazy, Suspense } from "react";
import { BooleanInput, ChoiceInput } from "./choice-input";
import type { InputProps } from "./input-props";
import { TextInput } from "./text-input";

export type { InputProps } from "./input-props";

/*
 * Order (with its drag code) and number inputs load with the first question that needs them: most
 * questions are choices, and a phone on a slow network opens the play screen sooner without them
 * (the /play and /game pages' JS budgets in scripts/check-bundles.mjs).
 */
const OrderInput = lazy(() => import("./order-input").then((m) => ({ default: m.OrderInput })));
const NumberInput = lazy(() => import("./number-input").then((m) => ({ default: m.NumberInput })));

/** The answer control of a question, shared by solo play, live games, study and the editor's preview. */
export function AnswerInput(props: InputProps) {
  switch (props.question.data.type) {
    case "single":
    case "multiple":
      return <ChoiceInput {...props} />;
    case "boolean":
      return <BooleanInput {...props} />;
    case "text":
      return <TextInput {...props} />;
    case "order":
      return (
        <Suspense fallback={<div className="min-h-40" aria-busy="true" />}>
          <OrderInput {...props} />
        </Suspense>
      );
    case "number":
      return (
        <Suspense fallback={<div className="min-h-24" aria-busy="true" />}>
          <NumberInput {...props} />
        </Suspense>
      );
  }
}
