import { useEffect, useState } from "react";
import type * as EditorRules from "@/core/editor";

type Rules = typeof EditorRules;

let loaded: Rules | null = null;
let loading: Promise<Rules> | null = null;
const load = () => (loading ??= import(/* webpackChunkName: "editor-rules" */ "@/core/editor").then((m) => (loaded = m)));

/**
 * The publish rules' checks of a picture's or a clip's address as the author types
 * (src/core/editor.ts, built on zod, ~90 kB gz): they load once the editor is on screen, not with
 * the page. Null until then; the fields show no preview and no problem meanwhile.
 */
export function useEditorRules(): Rules | null {
  const [rules, setRules] = useState(loaded);
  useEffect(() => {
    if (rules) return;
    let live = true;
    void load().then((m) => {
      if (live) setRules(m);
    });
    return () => {
      live = false;
    };
  }, [rules]);
  return rules;
}

/** An address not checked yet: no picture or clip to show, and nothing to say about it. */
export const UNCHECKED = { ok: true, url: null } as const;
