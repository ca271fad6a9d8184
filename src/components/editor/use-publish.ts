"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { useErrorText } from "@/components/ui/error-text";
import type { EditorDoc, EditorProblem } from "@/core/editor";
import { deleteQuizAction, publishAction, resolveConflictAction, unpublishAction } from "@/server/actions/editor";
import { CREATED_KEY, type useAutosave } from "./use-autosave";

const FLASH_KEY = "quizdeck:editor:flash";

export type Notice = { kind: "ok" | "error"; text: string; link?: string };
export type QuizStatus = "draft" | "published" | "hidden";

/**
 * Publishing, unpublishing, deleting and settling a conflict, with what they say: the notice,
 * each field's problem (in the author's language) and the quiz's status. `onProblems` runs after a
 * publish found problems (the editor moves focus to the first).
 */
export function usePublish({
  quizId,
  initialStatus,
  autosave,
  onProblems,
  onResolved,
}: {
  quizId: string | null;
  initialStatus: QuizStatus;
  autosave: ReturnType<typeof useAutosave>;
  onProblems: (paths: string[]) => void;
  onResolved: (doc: EditorDoc) => void;
}) {
  const t = useTranslations("editor");
  const errorText = useErrorText();
  const router = useRouter();
  const { doc, ref, setConflict, resolved, flushNow, setVersion, markSaved } = autosave;
  const [status, setStatus] = useState(initialStatus);
  // Each field's problem, said in the author's language.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, startTransition] = useTransition();
  // True while a reloaded /create moves to the quiz this tab made: its empty form is not for typing.
  const [moving, setMoving] = useState(false);
  const sayProblem = (p: EditorProblem) => t(`problem.${p.code}`, { n: p.n ?? 0 });

  useEffect(() => {
    try {
      // Reloading /create reopens the quiz this tab already made.
      const created = !quizId && sessionStorage.getItem(CREATED_KEY);
      if (created) {
        sessionStorage.removeItem(CREATED_KEY);
        setMoving(true);
        router.replace(`/quiz/${(JSON.parse(created) as { slug: string }).slug}/edit`);
        return;
      }
      const flash = sessionStorage.getItem(FLASH_KEY);
      if (flash) {
        sessionStorage.removeItem(FLASH_KEY);
        setNotice(JSON.parse(flash) as { kind: "ok"; text: string; link?: string });
      }
    } catch {
      // No session storage: nothing to restore.
    }
    // Leaving the page (not reloading it) forgets the quiz made here, so the next /create starts anew.
    return () => {
      if (!quizId) sessionStorage.removeItem(CREATED_KEY);
    };
    // Only on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const publish = () =>
    startTransition(async () => {
      setNotice(null);
      // The latest saved state, not this render's (the save just now moved the version on).
      const saved = await flushNow();
      if (!saved) return;
      if (!saved.ref.id) {
        setNotice({ kind: "error", text: t("addTitleFirst") });
        return;
      }
      const { ref: current, doc } = saved;
      const res = await publishAction(saved.ref.id, doc, saved.ref.version);
      if (!res.ok) {
        setNotice({ kind: "error", text: errorText(res.code) });
        return;
      }
      const value = res.value;
      if (value.published) {
        setErrors({});
        setVersion(value.version, { slug: value.slug });
        markSaved(doc);
        setStatus((s) => (s === "hidden" ? s : "published"));
        const notice = { kind: "ok" as const, text: t("published"), link: `/quiz/${value.slug}` };
        setNotice(notice);
        if (value.slug !== current.slug || window.location.pathname !== `/quiz/${value.slug}/edit`) {
          // The first publish names the quiz after its title: open the editor at its new address
          // and keep the message across the move.
          sessionStorage.setItem(FLASH_KEY, JSON.stringify(notice));
          router.replace(`/quiz/${value.slug}/edit`);
        }
      } else if ("errors" in value) {
        setVersion(value.version);
        markSaved(doc);
        setErrors(Object.fromEntries(Object.entries(value.errors).map(([path, p]) => [path, sayProblem(p)])));
        onProblems(Object.keys(value.errors));
      } else {
        setConflict(value.conflict);
      }
    });

  const unpublish = () =>
    startTransition(async () => {
      if (!ref.id) return;
      const res = await unpublishAction(ref.id);
      if (res.ok) {
        setStatus("draft");
        setNotice({ kind: "ok", text: t("unpublished") });
      } else setNotice({ kind: "error", text: errorText(res.code) });
    });

  const remove = () => {
    if (!ref.id || !ref.slug) return;
    if (!window.confirm(t("deleteConfirm", { title: doc.title || t("untitled") }))) return;
    const id = ref.id;
    const slug = ref.slug;
    startTransition(async () => {
      const res = await deleteQuizAction(id, slug);
      if (res && !res.ok) setNotice({ kind: "error", text: errorText(res.code) });
    });
  };

  const resolve = (keep: "mine" | "theirs") =>
    startTransition(async () => {
      if (!ref.id) return;
      const res = await resolveConflictAction(ref.id, doc, keep);
      if (!res.ok) {
        setNotice({ kind: "error", text: errorText(res.code) });
        return;
      }
      resolved(res.value);
      onResolved(res.value.doc);
      setNotice({ kind: "ok", text: keep === "mine" ? t("keptMine") : t("keptTheirs"), link: `/quiz/${res.value.copySlug}/edit` });
    });

  /** Problems are keyed by position: after a move or a deletion they are stale until the next check. */
  const clearErrors = () => setErrors({});

  return { status, errors, clearErrors, notice, pending, moving, publish, unpublish, remove, resolve };
}
