/** A live game's PIN: exactly six digits (PRODUCT.md §5). Spaces typed or pasted are ignored. */
export function normalizePin(input: string | undefined | null): string | null {
  const pin = (input ?? "").replace(/\s+/g, "");
  return /^\d{6}$/.test(pin) ? pin : null;
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
