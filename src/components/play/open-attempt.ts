import type { AttemptView } from "@/core/play/attempt";

/**
 * The attempt this tab has in progress for a quiz, kept in sessionStorage by the play screen. The
 * quiz page renders "Continue" from the server's answer, but right after Back it comes from Next's
 * router cache, as rendered before the attempt began; its Continue reads this after mounting.
 */
export type OpenAttempt = { id: string; position: number; total: number };

const key = (slug: string) => `quizdeck.play.open.${slug}`;

export function rememberOpenAttempt(view: AttemptView): void {
  try {
    if (view.status === "in_progress") {
      sessionStorage.setItem(key(view.quiz.slug), JSON.stringify({ id: view.id, position: view.position, total: view.total }));
    } else if (readOpenAttempt(view.quiz.slug)?.id === view.id) {
      sessionStorage.removeItem(key(view.quiz.slug));
    }
  } catch {
    // Storage blocked: the quiz page still offers Continue when the server renders it.
  }
}

export function readOpenAttempt(slug: string): OpenAttempt | null {
  try {
    const raw = sessionStorage.getItem(key(slug));
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<OpenAttempt>;
    return typeof v.id === "string" && typeof v.position === "number" && typeof v.total === "number" ? { id: v.id, position: v.position, total: v.total } : null;
  } catch {
    return null;
  }
}

export function forgetOpenAttempt(slug: string): void {
  try {
    sessionStorage.removeItem(key(slug));
  } catch {
    // Nothing to forget.
  }
}
