/**
 * The text of a PostgreSQL tsquery for what a person typed in a search box (ADR 0028), to be read
 * by `to_tsquery('portuguese', ...)`, which stems each word as the documents were stemmed.
 *
 * - Accents and capitals go ("Mãos" -> "maos"), as the documents were unaccented before stemming.
 * - Every word of three characters or more is a prefix (`educa:*`), so a fragment typed on a phone
 *   finds the whole word.
 * - Every word must match (`&`), in any field and order.
 * - Each word also stands for its Portuguese singular or plural where the Snowball stemmer keeps
 *   them apart ("animal" is stemmed `animal`, "animais" `anim`; "doação" `doaca`, "doações"
 *   `doaco`; "cão" `cao`, "cães" `caes`), so either form finds both.
 *
 * - A cause's general word also stands for its kinds, where the texts name the kinds rather than
 *   the word ("animais" finds "cães e gatos"): a short, deliberate list (CAUSE_KINDS).
 *
 * Only the letters a-z and digits reach the query: anything else separates words, so nothing a
 * person types can be read as tsquery syntax. An empty string means there is no word to look for.
 *
 * `weights` limits every word to those parts of a weighted document ("A": the name; "AB": the
 * name, summary and city), which is how the search's tiers are told apart (ADR 0040).
 */
export function fullTextQueryText(term: string, weights: QueryWeights = ""): string {
  return searchWords(term)
    .map((word) => {
      // A word of one or two characters is matched whole: as a prefix, "s" would match most words.
      if (word.length < MIN_PREFIX) return weights ? `${word}:${weights}` : word;
      const forms = [...new Set([...wordForms(word), ...(CAUSE_KINDS[word] ?? [])])];
      const alternatives = forms.map((form) => `${form}:*${weights}`).join(" | ");
      return forms.length > 1 ? `(${alternatives})` : alternatives;
    })
    .join(" & ");
}

/** The parts of a document a word may match in: all of them, the name, or the card's text. */
export type QueryWeights = "" | "A" | "AB";

/** Shorter words are matched whole. */
const MIN_PREFIX = 3;

/** More words than this are dropped: the search box takes 50 characters anyway. */
const MAX_WORDS = 8;

/** The words of a search, unaccented and lower-cased, letters a-z and digits only. */
export function searchWords(term: string): string[] {
  return term
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

const ANIMALS = ["cao", "caes", "cachorro", "gato", "bicho", "felino", "canino"];

/**
 * What a general word of a cause also finds (unaccented, each a prefix too). Kept short: every
 * entry widens a search, so only words whose texts rarely say them outright.
 */
const CAUSE_KINDS: Record<string, readonly string[]> = {
  animal: ANIMALS,
  animais: ANIMALS,
};

/** Plural and singular endings the stemmer does not bring together, each way. */
const ENDINGS: [string, string][] = [
  ["ais", "al"],
  ["eis", "el"],
  ["ois", "ol"],
  ["oes", "ao"],
  ["aes", "ao"],
];

/** A word and its other number (singular or plural), when its ending says which. */
export function wordForms(word: string): string[] {
  const forms = new Set([word]);
  if (word.length > 3) {
    for (const [plural, singular] of ENDINGS) {
      if (word.endsWith(plural)) forms.add(word.slice(0, -plural.length) + singular);
      if (word.endsWith(singular)) forms.add(word.slice(0, -singular.length) + plural);
    }
    // "maos" -> "mao": the singular's prefix also finds the plural.
    if (word.endsWith("s")) forms.add(word.slice(0, -1));
  }
  return [...forms];
}
