import { z } from "zod";
import { uuidSchema } from "@/core/ids";
import { nicknameSchema } from "@/core/nickname";

/** Solo play inputs, shared by the server actions, the API and the OpenAPI document. */
export const startInput = z.object({ nickname: nicknameSchema });
export const answerInput = z.object({
  questionId: z.uuid(),
  answer: z
    .union([z.string(), z.array(z.string()), z.boolean(), z.number(), z.null()])
    .describe("single, poll: option id; multiple: option ids; boolean; text: string; order: item ids in order; number; wordcloud: 1–3 words; open: free text (≤ maxLength); null: no answer (a slide: continue)"),
  usedHint: z.boolean().optional(),
});

/** The `{id}` of /api/v1/attempts/{id}/…: a UUID, or there is no such attempt. */
export const attemptParams = z.object({ id: uuidSchema });
