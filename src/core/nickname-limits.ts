/**
 * Nickname limits a browser needs (form attributes, help text). Kept apart from ./nickname, which
 * builds the profanity matcher and a zod schema at load: importing that from a client component
 * ships obscenity's word list and zod to the page (scripts/check-bundles.mjs fails the build then).
 *
 * The rule counts characters (code points: "🚀" is one). Nickname boxes say maxLength={NICKNAME_MAX},
 * which browsers count in UTF-16 units, so a box never takes more than the rule allows (a name of
 * emoji only is cut at half); the help text states the same number.
 */
export const NICKNAME_MAX = 20;

/** A nickname's length as the rule counts it. */
export const nicknameLength = (nickname: string) => [...nickname].length;

/**
 * The nickname a member plays under unless they type another: their display name (up to 50
 * characters), made to fit. Spaces are collapsed; a name that is too long is cut after its last
 * whole word that fits ("Maria Fernanda Rodríguez López" → "Maria Fernanda"), or, when even its
 * first word does not fit, at the limit (never inside a surrogate pair).
 */
export function defaultNickname(displayName: string): string {
  const name = displayName.normalize("NFC").replace(/\s+/g, " ").trim();
  if (nicknameLength(name) <= NICKNAME_MAX) return name;
  const words = name.split(" ");
  let out = "";
  for (const word of words) {
    const next = out ? `${out} ${word}` : word;
    if (nicknameLength(next) > NICKNAME_MAX) break;
    out = next;
  }
  if (out) return out;
  let cut = "";
  for (const ch of name) {
    if (nicknameLength(cut + ch) > NICKNAME_MAX) break;
    cut += ch;
  }
  return cut;
}
