/** A live game's PIN: exactly six digits (PRODUCT.md §5). Spaces typed or pasted are ignored. */
export function normalizePin(input: string | undefined | null): string | null {
  const pin = (input ?? "").replace(/\s+/g, "");
  return /^\d{6}$/.test(pin) ? pin : null;
}
