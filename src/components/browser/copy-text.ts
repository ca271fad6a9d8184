/**
 * How a copy went: `copied` (the text is on the clipboard) or `manual` (the browser refused both
 * ways; the caller shows the text selected so the person copies it).
 */
export type CopyOutcome = "copied" | "manual";

/**
 * Puts text on the clipboard in any browser context. The Clipboard API exists only in secure
 * contexts, and classroom phones use plain HTTP at a LAN address; there the older
 * `document.execCommand("copy")` on a hidden text area still works from a tap. A copy listener sets
 * the text on the event itself, so what is copied does not depend on how the browser reads a
 * selection inside a text area.
 */
export async function copyText(text: string): Promise<CopyOutcome> {
  if (globalThis.isSecureContext && typeof navigator.clipboard?.writeText === "function") {
    try {
      await navigator.clipboard.writeText(text);
      return "copied";
    } catch {
      // Denied (no permission, page not focused): try the old way below.
    }
  }
  return execCopy(text) ? "copied" : "manual";
}

function execCopy(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  // Off screen but selectable; 16px keeps iOS from zooming in on focus.
  area.style.cssText = "position:fixed;top:0;left:-9999px;opacity:0;font-size:16px";
  document.body.appendChild(area);
  const onCopy = (e: ClipboardEvent) => {
    e.clipboardData?.setData("text/plain", text);
    e.preventDefault();
  };
  document.addEventListener("copy", onCopy);
  const active = document.activeElement as HTMLElement | null;
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    document.removeEventListener("copy", onCopy);
    area.remove();
    active?.focus?.();
  }
}
