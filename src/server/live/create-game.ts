import "server-only";
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { createGame, serializeGame } from "@/core/live/engine";
import { DEFAULT_SETTINGS } from "@/core/live/protocol";
import { defaultMultipliers } from "@/core/scoring";
import type { Db } from "@/db/client";
import { getClass } from "@/db/queries/classes";
import { insertGame, loadQuizForGame } from "@/db/queries/games";
import { findPublicQuizId } from "@/db/queries/quizzes";
import { questionTexts } from "@/core/rich-text";
import { AppError } from "../errors";
import { withRich } from "../rich-text";

/** A random 6-digit PIN (no leading zero, so it reads well on a big screen). */
const randomPin = () => String(randomInt(100_000, 1_000_000));

/**
 * Creates a game in the lobby for a quiz the host may see (published, or their own draft), with a
 * PIN unique among open games and a fresh secret seed; the questions are copied into the game's
 * snapshot, so editing the quiz later does not change it. Used by the "Host live" action and the
 * `host:create` event. With `classId`, the game is for one of the host's own classes (docs/rules.md
 * §13): anyone else's class, an admin's view of it included, is `not_found`.
 */
export async function createLiveGame(
  db: Db,
  host: { id: string; admin: boolean },
  slug: string,
  classId: string | null = null,
): Promise<{ id: string; pin: string }> {
  const c = classId ? await getClass(db, classId) : null;
  if (classId && c?.ownerId !== host.id) throw new AppError("not_found", "There is no class of yours with that id.");
  const classGame = c ? { classId: c.id, className: c.name } : null;
  const quizId = await findPublicQuizId(db, slug, { userId: host.id, admin: host.admin });
  if (!quizId) throw new AppError("not_found", `There is no quiz "${slug}".`);
  const quiz = await loadQuizForGame(db, quizId);
  if (!quiz || quiz.questions.length === 0) throw new AppError("validation_failed", "This quiz has no questions to play.");
  const id = randomUUID();
  const seed = randomBytes(24).toString("base64url");
  // The quiz's own scoring is where a game starts; its host may change it in the lobby.
  const settings = {
    ...DEFAULT_SETTINGS,
    speedBonus: quiz.speedBonus,
    streakBonus: quiz.streakBonus,
    pointsMultipliers: defaultMultipliers(quiz.questions),
  };
  return insertGame(
    db,
    {
      id,
      quizId,
      hostId: host.id,
      settings,
      classId: classGame?.classId ?? null,
      snapshot: (pin) => {
        const created = createGame({ id, pin, seed, quizTitle: quiz.title, questions: quiz.questions.map((q) => withRich(q, questionTexts(q))), settings, classGame }, Date.now());
        if (!created.ok) throw new AppError("validation_failed", created.error.message);
        return serializeGame(created.value);
      },
    },
    randomPin,
  );
}
