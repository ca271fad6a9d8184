/**
 * Codes people type or read aloud (challenge codes, class codes, recovery codes): Crockford's
 * base32, made from random bytes and read back forgivingly. One home for the alphabet and both
 * directions; the code lengths belong to their features.
 */

/** Crockford's base32: digits and letters without I, L, O and U, which read as 1, 1, 0 and V. */
export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A code of `length` characters from as many random bytes; 256 is a multiple of 32, so none is favoured. */
export function codeFromBytes(bytes: Uint8Array, length: number): string {
  if (bytes.length < length) throw new RangeError(`A code of ${length} characters needs ${length} random bytes`);
  let code = "";
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
  return code;
}

/**
 * A code as a person may type or read it aloud: any case, spaces and dashes between groups, and
 * the look-alikes Crockford's decoding maps (O → 0, I and L → 1). Null when it cannot be a code
 * of this length.
 */
export function normalizeCode(input: string | null | undefined, length: number): string | null {
  const code = (input ?? "")
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\u2010-\u2015-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (code.length !== length) return null;
  for (const c of code) if (!CODE_ALPHABET.includes(c)) return null;
  return code;
}
