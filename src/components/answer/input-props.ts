import type { Answer } from "@/core/grading";
import type { HintView, PlayQuestion } from "@/core/play/attempt";
import type { OneTap } from "./choice-tiles";

export type InputProps = {
  question: PlayQuestion;
  value: Answer | null;
  onChange: (a: Answer | null) => void;
  onSubmit: () => void;
  hint: HintView | null;
  disabled: boolean;
  /** Single choice and true/false answer on activation (solo and live); study and the editor's preview select. */
  oneTap?: OneTap;
  look?: "outline" | "solid";
  /** Text questions take focus when shown (live, study); solo play puts focus on the question's heading instead. */
  autoFocus?: boolean;
};
