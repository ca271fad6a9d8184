/**
 * A live game's PIN: exactly six digits (docs/rules.md §5). The big screen shows it in two groups
 * ("312 781"), so what players type as they read it is accepted: spaces (also non-breaking ones),
 * dashes (a keyboard's hyphen or a typographic dash) and dots between the digits are ignored, as are
 * full-width digits from an East Asian keyboard. Letters or a seventh digit are still refused.
 */
export function normalizePin(input: string | undefined | null): string | null {
  const pin = (input ?? "")
    .normalize("NFKC")
    .replace(/[\s\u00ad\u2010-\u2015\u2212.·-]+/g, "");
  return /^[0-9]{6}$/.test(pin) ? pin : null;
}

/**
 * The PIN in what a QR code holds: a join link (`https://host/join/123456`, from any host: the
 * PIN names the game on this site, and the phone never leaves it) or the six digits alone. Null
 * for anything else (another site's link, a Wi-Fi code, text).
 */
export function pinFromQr(text: string): string | null {
  const raw = text.trim();
  const bare = normalizePin(raw);
  if (bare) return bare;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const m = /^\/join\/(\d{6})\/?$/.exec(url.pathname);
  return m ? m[1]! : null;
}
