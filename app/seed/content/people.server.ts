import type { Random } from "../random.server";

/**
 * Invented Brazilian people: volunteers, the person responsible for each institution, and the
 * texts volunteers write about themselves. Professions come as [masculine, feminine] because
 * Portuguese agrees them with the person.
 */
export const FEMALE_FIRST_NAMES = [
  "Ana",
  "Maria",
  "Juliana",
  "Fernanda",
  "Camila",
  "Beatriz",
  "Larissa",
  "Patrícia",
  "Aline",
  "Mariana",
  "Gabriela",
  "Letícia",
  "Luana",
  "Vitória",
  "Helena",
  "Cláudia",
  "Renata",
  "Tatiane",
  "Débora",
  "Raquel",
  "Simone",
  "Sônia",
  "Lúcia",
  "Adriana",
  "Isabela",
  "Bruna",
  "Jéssica",
] as const;

export const MALE_FIRST_NAMES = [
  "João",
  "José",
  "Pedro",
  "Lucas",
  "Gabriel",
  "Rafael",
  "Felipe",
  "Gustavo",
  "Thiago",
  "Matheus",
  "Bruno",
  "Rodrigo",
  "André",
  "Marcelo",
  "Carlos",
  "Antônio",
  "Francisco",
  "Paulo",
  "Diego",
  "Vinícius",
  "Leandro",
  "Fábio",
  "Márcio",
  "Caio",
  "Henrique",
  "Otávio",
  "Sérgio",
] as const;

export const SURNAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Araújo",
  "Cavalcanti",
  "Teixeira",
  "Monteiro",
  "Moura",
  "Correia",
  "Pinto",
  "Campos",
  "Batista",
  "Brandão",
  "Figueiredo",
] as const;

export const PROFESSIONS: readonly (readonly [string, string])[] = [
  ["professor", "professora"],
  ["estudante de Pedagogia", "estudante de Pedagogia"],
  ["enfermeiro", "enfermeira"],
  ["engenheiro civil", "engenheira civil"],
  ["analista de sistemas", "analista de sistemas"],
  ["médico veterinário", "médica veterinária"],
  ["servidor público", "servidora pública"],
  ["designer gráfico", "designer gráfica"],
  ["estudante de Medicina", "estudante de Medicina"],
  ["advogado", "advogada"],
  ["cozinheiro", "cozinheira"],
  ["educador físico", "educadora física"],
  ["músico", "musicista"],
  ["jornalista", "jornalista"],
  ["administrador", "administradora"],
  ["psicólogo", "psicóloga"],
];

/** Placeholders: {profession}, {inCity}, {years}. */
export const VOLUNTEER_INTRODUCTIONS = [
  "Sou {profession} e moro {inCity}.",
  "Tenho {years} anos, sou {profession} e vivo {inCity} desde criança.",
  "Sou {profession}, moro {inCity} e já participei de ações voluntárias na escola e na igreja.",
] as const;

export const VOLUNTEER_INTERESTS = [
  "Gosto muito de trabalhar com crianças e acredito que a educação muda vidas.",
  "Tenho dois cachorros adotados e quero ajudar outros animais a encontrar um lar.",
  "Quero dedicar parte do meu tempo a quem mais precisa, principalmente às pessoas idosas.",
  "Me preocupo com o meio ambiente e adoro atividades ao ar livre, como plantios e mutirões.",
  "Sei cozinhar para muita gente e gostaria de ajudar em cozinhas solidárias.",
  "Pratico esportes desde a infância e acredito no esporte como ferramenta de inclusão.",
  "Toco violão e gostaria de ensinar música em projetos sociais.",
  "Posso ajudar com comunicação, redes sociais e organização de campanhas.",
] as const;

export const VOLUNTEER_AVAILABILITY = [
  "Tenho disponibilidade aos sábados pela manhã.",
  "Posso ajudar duas noites por semana e em alguns fins de semana.",
  "Estou disponível nas tardes de terça e quinta-feira.",
  "Tenho horários flexíveis e posso atuar também a distância.",
] as const;

/** What a volunteer writes when applying to an institution. Placeholder: {firstName}. */
export const APPLICATION_MESSAGES = [
  "Olá! Meu nome é {firstName} e gostaria muito de ajudar nas atividades de vocês. Tenho disponibilidade aos fins de semana.",
  "Bom dia! Conheci o trabalho de vocês pela plataforma e quero ser voluntário. Como posso começar?",
  "Oi, pessoal! Moro perto da sede e posso ajudar algumas horas por semana. Fico no aguardo do contato.",
  "Olá! Tenho experiência em ações sociais e gostaria de contribuir com a instituição. Podem contar comigo.",
] as const;

export interface Person {
  firstName: string;
  fullName: string;
  feminine: boolean;
}

/** A first name and two surnames, the usual Brazilian form. */
export function randomPerson(random: Random): Person {
  const feminine = random.chance(0.5);
  const firstName = random.pick(feminine ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const [middle, last] = random.shuffle(SURNAMES);
  return { firstName, fullName: `${firstName} ${middle} ${last}`, feminine };
}
