/** "Associação Ler é Voar" -> "associacao-ler-e-voar": ASCII for e-mail local parts. */
export function slugify(text: string, separator = "-"): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, "g"), "");
}

/** Initials for a logo from the distinctive words of a name ("Instituto Verde Vivo" -> "VV"). */
export function initialsOf(name: string): string {
  return distinctiveWords(name)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase("pt-BR"))
    .join("");
}

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
  "dos",
  "das",
  "que",
  "para",
]);
