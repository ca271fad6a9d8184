import type { Choice, QuestionData } from "./question";
import { CATEGORIES } from "./quiz-limits";
import type { QuestionInput, QuizInput } from "./quiz-schema";
import { OPEN_LIMITS } from "./open-answer";
import { booleanFeedbackOf, emptyDoc, emptyQuestion, type EditorDoc, type EditorQuestion } from "./editor-doc";

/**
 * The editor's working copy to and from the other shapes of a question: stored data (with the
 * editor's ids kept) and the authoring shape of imports (src/core/quiz-schema.ts).
 */

/** Stored question data with the editor's option and item ids kept (only for a validated doc). */
export function editorQuestionData(q: EditorQuestion): QuestionData {
  const choices = (list: { id: string; text: string; feedback?: string }[]): Choice[] =>
    list.map(({ id, text: t, feedback }) => (feedback?.trim() ? { id, text: t.trim(), feedback: feedback.trim() } : { id, text: t.trim() }));
  switch (q.type) {
    case "single": {
      const options = choices(q.options).map((o, i) => {
        const source = q.options[i];
        return source && !source.correct && (source.weight ?? 0) > 0 ? { ...o, weight: source.weight as number } : o;
      });
      return { type: "single", options, correct: q.options.find((o) => o.correct)?.id ?? "" };
    }
    case "multiple":
      return { type: "multiple", options: choices(q.options), correct: q.options.filter((o) => o.correct).map((o) => o.id) };
    case "boolean":
      return { type: "boolean", correct: q.booleanAnswer, ...booleanFeedbackOf(q.booleanFeedback) };
    case "text": {
      const kept = q.accepted.flatMap((a, i) => (a.trim() ? [i] : []));
      const weights = kept.map((i) => q.acceptedWeights?.[i] ?? 100);
      const accepted = kept.map((i) => (q.accepted[i] as string).trim());
      return weights.some((w) => w !== 100) ? { type: "text", accepted, weights } : { type: "text", accepted };
    }
    case "order":
      return { type: "order", items: choices(q.items) };
    case "number": {
      const unit = q.number.unit.trim();
      return {
        type: "number",
        min: q.number.min ?? 0,
        max: q.number.max ?? 0,
        answer: q.number.answer ?? 0,
        tolerance: q.number.tolerance ?? 0,
        ...(unit ? { unit } : {}),
        ...(q.number.partial?.length
          ? { partial: q.number.partial.map((p) => ({ answer: p.answer ?? 0, tolerance: p.tolerance ?? 0, weight: p.weight ?? 0 })) }
          : {}),
        ...(q.number.scoring === "closest" ? { scoring: "closest" as const } : {}),
      };
    }
    case "poll":
      return { type: "poll", options: q.options.map(({ id, text: t }) => ({ id, text: t.trim() })) };
    case "slide":
      return { type: "slide", text: (q.slideText ?? "").trim() };
    case "wordcloud":
      return { type: "wordcloud", maxWords: q.maxWords ?? 1 };
    case "open": {
      const model = (q.modelAnswer ?? "").trim();
      return { type: "open", maxLength: q.maxLength ?? OPEN_LIMITS.maxLengthDefault, ...(model ? { modelAnswer: model } : {}) };
    }
  }
}

/** A picture as the editor holds it: both fields, or neither when there is no picture. */
const pictureOf = (url: string | null | undefined, alt: string | null | undefined): Pick<EditorQuestion, "imageUrl" | "imageAlt"> =>
  url ? { imageUrl: url, imageAlt: alt ?? "" } : {};

/** A stored question (answer key included) as the editor edits it. */
export function storedQuestionToEditor(
  row: {
    id: string;
    prompt: string;
    data: QuestionData;
    explanation: string;
    hint: string | null;
    timeLimit: number | null;
    points: number;
    imageUrl?: string | null;
    imageAlt?: string | null;
    audioUrl?: string | null;
  },
  newId: () => string,
): EditorQuestion {
  const base = emptyQuestion(row.data.type, newId);
  const q: EditorQuestion = {
    ...base,
    id: row.id,
    prompt: row.prompt,
    explanation: row.explanation,
    hint: row.hint ?? "",
    timeLimit: row.timeLimit,
    points: row.points,
    ...pictureOf(row.imageUrl, row.imageAlt),
    ...(row.audioUrl ? { audioUrl: row.audioUrl } : {}),
  };
  const d = row.data;
  switch (d.type) {
    case "single":
      return { ...q, options: d.options.map((o) => ({ ...o, correct: o.id === d.correct })) };
    case "multiple":
      return { ...q, options: d.options.map((o) => ({ ...o, correct: d.correct.includes(o.id) })) };
    case "boolean":
      return { ...q, booleanAnswer: d.correct, ...(d.feedback ? { booleanFeedback: { ...d.feedback } } : {}) };
    case "text":
      return { ...q, accepted: [...d.accepted], ...(d.weights ? { acceptedWeights: [...d.weights] } : {}) };
    case "order":
      return { ...q, items: d.items.map((i) => ({ ...i })) };
    case "number":
      return {
        ...q,
        number: {
          answer: d.answer,
          min: d.min,
          max: d.max,
          tolerance: d.tolerance,
          unit: d.unit ?? "",
          ...(d.partial ? { partial: d.partial.map((p) => ({ ...p })) } : {}),
          ...(d.scoring ? { scoring: d.scoring } : {}),
        },
      };
    case "poll":
      return { ...q, options: d.options.map((o) => ({ id: o.id, text: o.text, correct: false })) };
    case "slide":
      return { ...q, slideText: d.text };
    case "wordcloud":
      return { ...q, maxWords: d.maxWords };
    case "open":
      return { ...q, maxLength: d.maxLength, modelAnswer: d.modelAnswer ?? "" };
  }
}

const feedbackAt = (list: string[] | undefined, i: number) => (list?.[i] ? { feedback: list[i] } : {});

/** An authored quiz (an import, a demo file) as an editor draft, with fresh ids. */
export function inputToDoc(quiz: Partial<QuizInput> & { questions: QuestionInput[] }, newId: () => string): EditorDoc {
  const doc = emptyDoc(quiz.language ?? "en");
  return {
    ...doc,
    title: quiz.title ?? "",
    description: quiz.description ?? "",
    category: quiz.category && (CATEGORIES as readonly string[]).includes(quiz.category) ? quiz.category : "general",
    difficulty: quiz.difficulty ?? "mixed",
    tags: quiz.tags ?? [],
    visibility: quiz.visibility ?? "public",
    speedBonus: quiz.speedBonus ?? true,
    streakBonus: quiz.streakBonus ?? true,
    timeLimit: quiz.timeLimit ?? 20,
    source: quiz.source ?? "",
    licence: quiz.licence ?? "",
    questions: quiz.questions.map((input) => {
      const q: EditorQuestion = {
        ...emptyQuestion(input.type, newId),
        prompt: input.prompt,
        explanation: input.explanation,
        hint: input.hint ?? "",
        timeLimit: input.timeLimit ?? null,
        points: input.points,
        ...pictureOf(input.imageUrl, input.imageAlt),
        ...(input.audioUrl ? { audioUrl: input.audioUrl } : {}),
      };
      switch (input.type) {
        case "single":
          return {
            ...q,
            options: input.options.map((t, i) => ({
              id: newId(),
              text: t,
              correct: i === input.correct,
              ...feedbackAt(input.optionFeedback, i),
              ...(i !== input.correct && (input.optionWeights?.[i] ?? 0) > 0 ? { weight: input.optionWeights?.[i] as number } : {}),
            })),
          };
        case "multiple":
          return { ...q, options: input.options.map((t, i) => ({ id: newId(), text: t, correct: input.correct.includes(i), ...feedbackAt(input.optionFeedback, i) })) };
        case "boolean":
          return { ...q, booleanAnswer: input.correct, ...(input.feedback ? { booleanFeedback: { ...input.feedback } } : {}) };
        case "text":
          return { ...q, accepted: [...input.accepted], ...(input.acceptedWeights ? { acceptedWeights: [...input.acceptedWeights] } : {}) };
        case "order":
          return { ...q, items: input.items.map((t) => ({ id: newId(), text: t })) };
        case "number":
          return {
            ...q,
            number: {
              answer: input.answer,
              min: input.min,
              max: input.max,
              tolerance: input.tolerance,
              unit: input.unit ?? "",
              ...(input.partial ? { partial: input.partial.map((p) => ({ ...p })) } : {}),
              ...(input.scoring ? { scoring: input.scoring } : {}),
            },
          };
        case "poll":
          return { ...q, options: input.options.map((t) => ({ id: newId(), text: t, correct: false })) };
        case "slide":
          return { ...q, slideText: input.text };
        case "wordcloud":
          return { ...q, maxWords: input.maxWords };
        case "open":
          return { ...q, maxLength: input.maxLength, modelAnswer: input.modelAnswer ?? "" };
      }
    }),
  };
}

