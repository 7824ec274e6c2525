/**
 * Issue 15, item 6: the fixed lists of causes and skills (ADR 0045). The slug is what URLs
 * (`/eventos?causa=educacao`) and the database (text[] columns with a CHECK built from these
 * lists) store, so a slug never changes once published; the label is what people read. Adding an
 * entry is a migration (the CHECK). Plain data and functions: browser and server code share it,
 * and it lives in config/ because the schema's CHECKs are built from it.
 */

export const CAUSES = [
  { slug: "educacao", label: "Educação" },
  { slug: "saude", label: "Saúde" },
  { slug: "meio-ambiente", label: "Meio ambiente" },
  { slug: "protecao-animal", label: "Proteção animal" },
  { slug: "criancas-e-adolescentes", label: "Crianças e adolescentes" },
  { slug: "pessoas-idosas", label: "Pessoas idosas" },
  { slug: "pessoas-com-deficiencia", label: "Pessoas com deficiência" },
  { slug: "combate-a-fome", label: "Combate à fome" },
  { slug: "direitos-humanos", label: "Direitos humanos" },
  { slug: "cultura", label: "Cultura" },
  { slug: "esporte", label: "Esporte" },
  { slug: "cidadania", label: "Cidadania" },
  { slug: "emergencias", label: "Emergências" },
] as const;

export const SKILLS = [
  { slug: "comunicacao", label: "Comunicação" },
  { slug: "ensino", label: "Ensino e reforço escolar" },
  { slug: "saude", label: "Saúde" },
  { slug: "tecnologia", label: "Tecnologia" },
  { slug: "cozinha", label: "Cozinha" },
  { slug: "construcao", label: "Construção e reparos" },
  { slug: "artes", label: "Artes e música" },
  { slug: "esportes", label: "Esportes e recreação" },
  { slug: "juridico", label: "Direito" },
  { slug: "gestao", label: "Gestão e finanças" },
  { slug: "idiomas", label: "Idiomas" },
  { slug: "cuidados", label: "Cuidado de pessoas" },
  { slug: "logistica", label: "Logística e transporte" },
] as const;

export type CauseSlug = (typeof CAUSES)[number]["slug"];
export type SkillSlug = (typeof SKILLS)[number]["slug"];

export const CAUSE_SLUGS: readonly CauseSlug[] = CAUSES.map((cause) => cause.slug);
export const SKILL_SLUGS: readonly SkillSlug[] = SKILLS.map((skill) => skill.slug);

/** At most this many causes per institution, event, volunteer and list filter. */
export const MAX_CAUSES = 3;
/** Skills are a wider profile: a volunteer or an event may name up to this many. */
export const MAX_SKILLS = 6;

const causeLabels = new Map<string, string>(CAUSES.map((cause) => [cause.slug, cause.label]));
const skillLabels = new Map<string, string>(SKILLS.map((skill) => [skill.slug, skill.label]));

export function isCause(value: string): value is CauseSlug {
  return causeLabels.has(value);
}

export function isSkill(value: string): value is SkillSlug {
  return skillLabels.has(value);
}

/** The pt-BR label of a cause; the slug itself for an unknown one (never throws). */
export function causeLabel(slug: string): string {
  return causeLabels.get(slug) ?? slug;
}

/** The pt-BR label of a skill; the slug itself for an unknown one. */
export function skillLabel(slug: string): string {
  return skillLabels.get(slug) ?? slug;
}

/**
 * Known slugs from untrusted values (URL params, form fields, stored arrays), in the list's own
 * order, each once, at most `max`: unknown slugs and duplicates are dropped, the rest cut at
 * `max` in list order (so the same choice always reads the same).
 */
function parseSlugs<T extends string>(
  values: Iterable<unknown>,
  known: readonly T[],
  max: number,
): T[] {
  const chosen = new Set<string>();
  for (const value of values) {
    if (typeof value === "string") chosen.add(value.trim().toLowerCase());
  }
  return known.filter((slug) => chosen.has(slug)).slice(0, max);
}

export function parseCauses(values: Iterable<unknown>, max = MAX_CAUSES): CauseSlug[] {
  return parseSlugs(values, CAUSE_SLUGS, max);
}

export function parseSkills(values: Iterable<unknown>, max = MAX_SKILLS): SkillSlug[] {
  return parseSlugs(values, SKILL_SLUGS, max);
}

/**
 * True when every value is a known cause, none repeats and there are at most `max`: what a form
 * checks before saving, to say so instead of silently dropping a choice.
 */
export function areValidCauses(values: readonly string[], max = MAX_CAUSES): boolean {
  return new Set(values).size === values.length && values.length <= max && values.every(isCause);
}

export function areValidSkills(values: readonly string[], max = MAX_SKILLS): boolean {
  return new Set(values).size === values.length && values.length <= max && values.every(isSkill);
}

/** A list's empty state under a cause filter: which causes found nothing. */
export function causesEmptyText(slugs: readonly string[]): string {
  const labels = slugs.map(causeLabel);
  const named =
    labels.length > 1 ? `${labels.slice(0, -1).join(", ")} ou ${labels.at(-1)}` : labels[0];
  return `Nenhum resultado para ${labels.length > 1 ? "as causas" : "a causa"} ${named} com os filtros atuais. Tente outras causas ou limpe os filtros.`;
}
