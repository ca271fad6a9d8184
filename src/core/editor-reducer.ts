import type { EditorDoc, EditorQuestion } from "./editor";

/**
 * What the editor does to its working copy (src/core/editor.ts), as actions on the document. The
 * reducer is pure: anything that needs fresh ids (a new or duplicated question) arrives made.
 */
export type EditorAction =
  | { [K in keyof EditorDoc]: { type: "set"; key: K; value: EditorDoc[K] } }[keyof EditorDoc]
  | { type: "setQuestion"; index: number; question: EditorQuestion }
  | { type: "moveQuestion"; from: number; to: number }
  | { type: "addQuestion"; question: EditorQuestion }
  /** `copy`: the question at `index` with fresh ids (`duplicateQuestion`), placed right after it. */
  | { type: "duplicateQuestion"; index: number; copy: EditorQuestion }
  | { type: "deleteQuestion"; id: string };

/** Whether a question can move from one place to another (both inside the list, and apart). */
export const canMove = (doc: EditorDoc, from: number, to: number) => from !== to && to >= 0 && to < doc.questions.length && from >= 0 && from < doc.questions.length;

export function editorReducer(doc: EditorDoc, action: EditorAction): EditorDoc {
  switch (action.type) {
    case "set":
      return { ...doc, [action.key]: action.value };
    case "setQuestion":
      return { ...doc, questions: doc.questions.map((x, j) => (j === action.index ? action.question : x)) };
    case "moveQuestion": {
      if (!canMove(doc, action.from, action.to)) return doc;
      const questions = [...doc.questions];
      const [q] = questions.splice(action.from, 1);
      if (q) questions.splice(action.to, 0, q);
      return { ...doc, questions };
    }
    case "addQuestion":
      return { ...doc, questions: [...doc.questions, action.question] };
    case "duplicateQuestion":
      return { ...doc, questions: [...doc.questions.slice(0, action.index + 1), action.copy, ...doc.questions.slice(action.index + 1)] };
    case "deleteQuestion":
      return { ...doc, questions: doc.questions.filter((x) => x.id !== action.id) };
  }
}

/** The tags field's text as tags: comma-separated, trimmed, blanks dropped. */
export const parseTags = (text: string): string[] =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
