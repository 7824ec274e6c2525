import type { VolunteeringType } from "~/config/constants";

/**
 * The "about" text of an institution: where it came from, what it does (the cause's mission),
 * how volunteers take part (by volunteering type) and a closing line. Placeholders: {Name}
 * (the name with its article, at the start of a sentence), {year}, {inCity}, {state},
 * {neighborhood}. Every combination stays under the 1200-character limit (tested).
 */
export const ORIGIN_TEMPLATES = [
  "{Name} nasceu em {year}, {inCity} ({state}), da vontade de um grupo de moradores do bairro {neighborhood} de transformar a realidade ao seu redor.",
  "{Name} começou em {year} com encontros semanais em uma sala emprestada, {inCity} ({state}). O grupo cresceu e hoje atende famílias de vários bairros da cidade.",
  "Desde {year}, {Name} atua {inCity} ({state}) com uma equipe pequena de profissionais e uma rede grande de voluntários, que é o coração do nosso trabalho.",
  "{Name} é uma organização sem fins lucrativos fundada em {year}, {inCity} ({state}), por pessoas que acreditam que a solidariedade muda vidas.",
] as const;

export const VOLUNTEERING_TEMPLATES: Record<VolunteeringType, readonly string[]> = {
  PRESENCIAL: [
    "Os voluntários participam presencialmente, em nossa sede no bairro {neighborhood} ou nas ações pela cidade. Antes de começar, todos passam por uma conversa de acolhimento e recebem orientação da equipe.",
    "O trabalho voluntário é presencial: basta ter algumas horas livres por semana e vontade de ajudar. Quem chega é acompanhado por um voluntário experiente nas primeiras atividades.",
  ],
  ONLINE: [
    "Todo o voluntariado acontece a distância: mentorias por videochamada, apoio na comunicação, no design e na organização de campanhas. Dá para ajudar de qualquer lugar do Brasil.",
    "Nossos voluntários atuam on-line, em horários flexíveis, com tarefas de comunicação, captação de recursos, tradução e apoio administrativo.",
  ],
  ALL: [
    "Há espaço para voluntários presenciais, em nossa sede no bairro {neighborhood}, e também para quem prefere ajudar a distância, com comunicação, mentorias e apoio administrativo.",
    "Você pode ser voluntário presencialmente, nas ações {inCity}, ou on-line, de qualquer lugar, ajudando na divulgação, no planejamento e no atendimento às famílias.",
  ],
};

export const CLOSING_TEMPLATES = [
  "Venha fazer parte dessa história: toda ajuda conta.",
  "Prestamos contas de tudo o que recebemos e publicamos um relatório anual de atividades. Junte-se a nós!",
  "Se você quer dedicar um pouco do seu tempo a uma causa, as nossas portas estão abertas.",
] as const;

/** Organisation words that take a feminine article; every other name takes "O". */
const FEMININE_FIRST_WORDS = new Set([
  "Associação",
  "ONG",
  "Casa",
  "Fundação",
  "Cozinha",
  "Rede",
  "Sociedade",
]);

/** "O Instituto Verde Vivo", "A Associação Ler é Voar": the name as a sentence subject. */
export function nameWithArticle(name: string): string {
  const firstWord = name.split(" ")[0] ?? "";
  return `${FEMININE_FIRST_WORDS.has(firstWord) ? "A" : "O"} ${name}`;
}
