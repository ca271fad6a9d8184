"use client";

import { BooleanInput, ChoiceInput } from "./choice-input";
import type { InputProps } from "./input-props";
import { NumberInput } from "./number-input";
import { OrderInput } from "./order-input";
import { TextInput } from "./text-input";

export type { InputProps } from "./input-props";

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
      return <OrderInput {...props} />;
    case "number":
      return <NumberInput {...props} />;
  }
}
