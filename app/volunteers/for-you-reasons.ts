/**
 * Why "Para você" shows an event or an institution, in the words the volunteer reads
 * ("Porque você se interessa por educação e é em Recife, a sua cidade."). Built from what the
 * ranking matched, so the explanation can never claim a match the ranking did not count.
 */
export interface MatchFacts {
  /** Labels of the causes the volunteer and the item share, in the list's order. */
  causes: string[];
  /** Labels of the skills the item asks for and the volunteer has. */
  skills: string[];
  /** Where the item is, seen from the volunteer's city. */
  place: "city" | "state" | "online" | null;
  city: string;
}

export type MatchSubject = "event" | "institution";

export function forYouReason(facts: MatchFacts, subject: MatchSubject): string {
  const parts: string[] = [];
  if (facts.causes.length > 0) parts.push(`você se interessa por ${joinList(facts.causes)}`);
  if (facts.skills.length > 0) {
    parts.push(
      facts.skills.length === 1
        ? `busca a sua habilidade em ${facts.skills[0]}`
        : `busca as suas habilidades em ${joinList(facts.skills)}`,
    );
  }
  const place = placePhrase(facts, subject);
  if (place) parts.push(place);
  return parts.length > 0 ? `Porque ${joinList(parts)}.` : "";
}

function placePhrase(facts: MatchFacts, subject: MatchSubject): string | null {
  const verb = subject === "event" ? "é" : "fica";
  switch (facts.place) {
    case "city":
      return `${verb} em ${facts.city}, a sua cidade`;
    case "state":
      return `${verb} no seu estado`;
    case "online":
      return subject === "event" ? "é online, de onde você estiver" : "recebe voluntários online";
    default:
      return null;
  }
}

/** "a", "a e b", "a, b e c": how pt-BR lists things. */
export function joinList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
}
