import type { PublicQuestion } from "./schemas";

/**
 * A question as the phones get it when the host shows it on the big screen only
 * (settings.questionOnPhones off): no prompt, picture, option text or formatted text, only what a player needs to
 * answer. Options keep their ids and order, so the tiles still match the big screen's by letter
 * and shape; an order question keeps its items (they cannot be put in order unseen), a number
 * question its range and unit; a slide's text stays on the screen.
 */
export function questionForPhones(q: PublicQuestion, questionOnPhones: boolean): PublicQuestion {
  if (questionOnPhones) return q;
  const data = q.data;
  const stripped: PublicQuestion["data"] =
    data.type === "single" || data.type === "multiple" || data.type === "poll"
      ? { ...data, options: data.options.map((o) => ({ id: o.id, text: "" })) }
      : data.type === "slide"
        ? { type: "slide", text: "" }
        : data;
  // The formatted texts (HTML by source text) would carry the prompt and options: they stay behind.
  // The clip too: the room hears it from the big screen.
  const { rich: _rich, audioUrl: _audio, ...rest } = q;
  return { ...rest, prompt: "", imageUrl: null, imageAlt: null, data: stripped, onScreenOnly: true };
}

/** The letter of the i-th answer tile (A–F), the same on the big screen and the phones. */
export const tileLetter = (i: number): string => String.fromCharCode(65 + i);
