/** "Associação Ler é Voar" -> "associacao-ler-e-voar": ASCII for e-mail local parts. */
export function slugify(text: string, separator = "-"): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, "g"), "");
}

/**
 * Two initials for a logo, from the distinctive words of a name ("Instituto Verde Vivo" -> "VV").
 * A name with one distinctive word takes the words after its first, generic or not ("Instituto
 * Sorriso Solidário" -> "SS", "Associação Cultural Batuque" -> "CB"), so every logo has two.
 */
export function initialsOf(name: string): string {
  const distinctive = distinctiveWords(name);
  const words =
    distinctive.length >= 2
      ? distinctive
      : name
          .split(/\s+/)
          .slice(1)
          .filter((word) => word.length > 2 && !CONNECTORS.has(word));
  return (words.length > 0 ? words : distinctive)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase("pt-BR"))
    .join("");
}

/** Words that join others in a name and never give an initial. */
const CONNECTORS = new Set(["dos", "das", "que", "para"]);

/** The words that tell one organisation from another ("Mãos", "Ajudam"). */
export function distinctiveWords(name: string): string[] {
  const words = name.split(/\s+/).filter((word) => word.length > 2 && !GENERIC_WORDS.has(word));
  return words.length > 0 ? words : name.split(/\s+/);
}

/** Words that name the kind of organisation, not the organisation itself. */
const GENERIC_WORDS = new Set([
  "Instituto",
  "Associação",
  "ONG",
  "Projeto",
  "Fundação",
  "Grupo",
  "Coletivo",
  "Casa",
  "Centro",
  "Comunitário",
  "Banco",
  "Rede",
  "Cozinha",
  "Lar",
  "Abrigo",
  "Ponto",
  "Cultural",
  "Solidária",
  "Solidário",
  ...CONNECTORS,
]);
