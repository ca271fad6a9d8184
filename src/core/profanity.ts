import { DataSet, englishDataset, englishRecommendedTransformers, pattern, RegExpMatcher } from "obscenity";

/**
 * The profanity filter for nicknames and for typed answers shown on the big screen: obscenity's
 * English list plus Spanish words (the two interface languages), with obscenity's transformers,
 * which also catch l33t spellings, repeated letters and separators ("sh1t", "puuuta").
 *
 * Spanish words are matched on a folded copy of the text (lower case, accents dropped, ñ as "ny")
 * so "maricón" and "MARICON" are the same word, while "coño" does not become the innocent "cono".
 * `|` marks a word boundary: most Spanish insults are also the middle of innocent words
 * ("computadora", "disputa", "vehículo", "Maricarmen", "Vergara"), so they are matched as whole
 * words or word starts only; the table tests hold both sides.
 */
const SPANISH = [
  // puta / puto and their compounds
  pattern`|puta|`,
  pattern`|putas|`,
  pattern`|puto|`,
  pattern`|putos|`,
  pattern`|putita`,
  pattern`|putona`,
  pattern`hijodeputa`,
  pattern`hijoputa`,
  pattern`hijueputa`,
  pattern`|hdp|`,
  pattern`|malparid`,
  // body and sex
  pattern`|culo|`,
  pattern`|culos|`,
  pattern`|culero`,
  pattern`|culiao`,
  pattern`|culiado`,
  pattern`|verga|`,
  pattern`|vergas|`,
  pattern`|pene|`,
  pattern`|tetas|`,
  pattern`|tetona`,
  pattern`|cojones|`,
  pattern`|conyo|`,
  pattern`|follar|`,
  pattern`|chupala|`,
  pattern`|chupamela`,
  pattern`|chupapija`,
  pattern`|mamaguevo`,
  pattern`|mamahuevo`,
  // insults and slurs
  pattern`mierd`,
  pattern`|marica|`,
  pattern`|maricas|`,
  pattern`|maricon`,
  pattern`|cabron`,
  pattern`gilipoll`,
  pattern`|pendej`,
  pattern`|sudaca`,
  pattern`|joder|`,
  pattern`|jodete|`,
  pattern`|chinga`,
  pattern`|carajo|`,
];

// The English list read as Spanish: "cum", "anal" and "shit" start common Spanish words and names.
const ENGLISH_WHITELIST = ["cumple", "cumbre", "cumbia", "analis", "analia", "analiz", "shiitake", "anales"];
const englishSet = new DataSet<unknown>().addAll(englishDataset as DataSet<unknown>);
englishSet.addPhrase((phrase) => ENGLISH_WHITELIST.reduce((b, term) => b.addWhitelistedTerm(term), phrase));
const english = new RegExpMatcher({ ...englishSet.build(), ...englishRecommendedTransformers });
const spanishSet = new DataSet<{ language: "es" }>();
for (const p of SPANISH) spanishSet.addPhrase((phrase) => phrase.setMetadata({ language: "es" }).addPattern(p));
const spanish = new RegExpMatcher({ ...spanishSet.build(), ...englishRecommendedTransformers });

/** Lower case, accents dropped, ñ as "ny": the form the Spanish patterns are written in. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ñ/g, "ny")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
}

export function isProfane(text: string): boolean {
  const folded = fold(text);
  return english.hasMatch(folded) || spanish.hasMatch(folded);
}
