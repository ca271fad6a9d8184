"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { EditorDoc } from "@/core/editor";
import { createQuizAction, saveDraftAction } from "@/server/actions/editor";

export type QuizRef = { id: string | null; slug: string | null; version: number };
export type SaveState = "saved" | "dirty" | "saving" | "offline" | "conflict";
export type Conflict = { version: number; doc: EditorDoc };

const SAVE_DELAY_MS = 800;
/** The quiz this tab made on /create, so reloading /create reopens it. */
export const CREATED_KEY = "quizdeck:editor:created";
const storageKey = (id: string | null) => `quizdeck:editor:${id ?? "new"}`;
type Stored = { doc: EditorDoc; baseVersion: number; at: number };

function readStored(id: string | null): Stored | null {
  try {
    const raw = localStorage.getItem(storageKey(id));
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}
function writeStored(id: string | null, value: Stored | null) {
  try {
    if (value) localStorage.setItem(storageKey(id), JSON.stringify(value));
    else localStorage.removeItem(storageKey(id));
  } catch {
    // Storage full or disabled: the server copy is still saved.
  }
}

const isBlank = (doc: EditorDoc) => !doc.title.trim() && doc.questions.length === 0 && !doc.description.trim();

/**
 * Keeps a draft safe twice: every change goes to this device's storage at once, and to the
 * server shortly after (debounced). A copy left on the device by a closed tab or a lost connection
 * is restored on the next open; a save from a stale tab comes back as a conflict.
 */
export function useAutosave(initialRef: QuizRef, initialDoc: EditorDoc) {
  const [doc, setDoc] = useState(initialDoc);
  const [ref, setRef] = useState(initialRef);
  const [state, setState] = useState<SaveState>("saved");
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const latest = useRef({ doc, ref });
  latest.current = { doc, ref };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);
  const pendingAgain = useRef(false);
  const savedDoc = useRef<EditorDoc>(initialDoc);
  const conflictRef = useRef(false);
  conflictRef.current = conflict !== null;

  const save = useCallback(async (): Promise<void> => {
    if (conflictRef.current) return;
    if (inFlight.current) {
      pendingAgain.current = true;
      return inFlight.current;
    }
    const run = (async () => {
      const { doc: current, ref: r } = latest.current;
      if (current === savedDoc.current) {
        setState("saved");
        return;
      }
      if (!r.id && isBlank(current)) return;
      setState("saving");
      try {
        if (!r.id) {
          const res = await createQuizAction(current);
          if (!res.ok) throw new Error(res.message);
          const next = { id: res.value.id, slug: res.value.slug, version: res.value.version };
          savedDoc.current = current;
          writeStored(null, null);
          setRef(next);
          latest.current.ref = next;
          // The address stays /create while the author types (changing the route would remount
          // the editor); a reload of this tab opens the quiz's own editor instead (see below).
          try {
            sessionStorage.setItem(CREATED_KEY, JSON.stringify({ slug: next.slug }));
          } catch {
            // No session storage: a reload starts a new quiz; this one is on /me.
          }
        } else {
          const res = await saveDraftAction(r.id, current, r.version);
          if (!res.ok) throw new Error(res.message);
          if (!res.value.ok) {
            setConflict(res.value.conflict);
            conflictRef.current = true;
            setState("conflict");
            return;
          }
          const next = { ...r, version: res.value.version };
          savedDoc.current = current;
          setRef(next);
          latest.current.ref = next;
        }
        if (latest.current.doc === savedDoc.current) {
          writeStored(latest.current.ref.id, null);
          setState("saved");
        } else {
          setState("dirty");
        }
      } catch {
        setState("offline");
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
    if (pendingAgain.current) {
      pendingAgain.current = false;
      await save();
    }
  }, []);

  const update = useCallback(
    (next: EditorDoc | ((d: EditorDoc) => EditorDoc)) => {
      setDoc((d) => {
        const value = typeof next === "function" ? next(d) : next;
        writeStored(latest.current.ref.id, { doc: value, baseVersion: latest.current.ref.version, at: Date.now() });
        return value;
      });
      setState((s) => (s === "conflict" ? s : "dirty"));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    [save],
  );

  // On open: a copy this device kept and never delivered is taken back (or is a conflict when
  // the server moved on meanwhile).
  useEffect(() => {
    const stored = readStored(initialRef.id);
    if (!stored) return;
    if (JSON.stringify(stored.doc) === JSON.stringify(initialDoc)) {
      writeStored(initialRef.id, null);
      return;
    }
    if (initialRef.id && stored.baseVersion !== initialRef.version) {
      setDoc(stored.doc);
      setConflict({ version: initialRef.version, doc: initialDoc });
      setState("conflict");
      return;
    }
    setDoc(stored.doc);
    setState("dirty");
    timer.current = setTimeout(() => void save(), SAVE_DELAY_MS);
    // Only on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Retry when the connection comes back; save before the tab is hidden.
  useEffect(() => {
    const flush = () => {
      if (document.visibilityState === "hidden") void save();
    };
    const online = () => void save();
    document.addEventListener("visibilitychange", flush);
    window.addEventListener("online", online);
    return () => {
      document.removeEventListener("visibilitychange", flush);
      window.removeEventListener("online", online);
      clearTimeout(timer.current);
    };
  }, [save]);

  /** After the author chose a version: the editor continues from it. */
  const resolved = useCallback((next: { doc: EditorDoc; version: number }) => {
    savedDoc.current = next.doc;
    setDoc(next.doc);
    const value = { ...latest.current.ref, version: next.version };
    latest.current.ref = value;
    setRef(value);
    writeStored(latest.current.ref.id, null);
    conflictRef.current = false;
    setConflict(null);
    setState("saved");
  }, []);

  /** Saves now (before publishing); the quiz as saved, or null when the save did not go through. */
  const flushNow = useCallback(async (): Promise<{ ref: QuizRef; doc: EditorDoc } | null> => {
    clearTimeout(timer.current);
    await save();
    return conflictRef.current ? null : { ref: latest.current.ref, doc: latest.current.doc };
  }, [save]);

  const setVersion = useCallback((version: number, published?: { slug: string }) => {
    const value = { ...latest.current.ref, version, ...(published ? { slug: published.slug } : {}) };
    latest.current.ref = value;
    setRef(value);
  }, []);

  const markSaved = useCallback((d: EditorDoc) => {
    savedDoc.current = d;
    writeStored(latest.current.ref.id, null);
    setState("saved");
  }, []);

  const raiseConflict = useCallback((c: Conflict) => {
    conflictRef.current = true;
    setConflict(c);
    setState("conflict");
  }, []);

  return { doc, update, ref, state, conflict, setConflict: raiseConflict, resolved, flushNow, setVersion, markSaved };
}
