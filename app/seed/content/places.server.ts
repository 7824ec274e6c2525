import { isMunicipalityOf, listMunicipalities, listStates } from "~/geo/localities.server";
import type { Random } from "../random.server";

/**
 * Where demo and benchmark rows live: real municipalities (checked against the IBGE data of the
 * geo module, so a misspelt city is dropped rather than stored), plausible streets and
 * neighbourhoods, and each state's main area code for phone numbers.
 */
export interface Place {
  state: string;
  city: string;
}

/** Large cities per state; the demo takes its institutions from the first states listed. */
const LARGE_CITIES: Record<string, readonly string[]> = {
  SP: ["São Paulo", "Campinas", "Santos", "Sorocaba", "Ribeirão Preto", "São José dos Campos"],
  RJ: ["Rio de Janeiro", "Niterói", "Petrópolis", "Duque de Caxias", "Nova Iguaçu"],
  MG: ["Belo Horizonte", "Juiz de Fora", "Uberlândia", "Montes Claros", "Ouro Preto"],
  BA: ["Salvador", "Feira de Santana", "Vitória da Conquista", "Ilhéus"],
  PE: ["Recife", "Olinda", "Caruaru", "Petrolina"],
  RS: ["Porto Alegre", "Caxias do Sul", "Pelotas", "Santa Maria"],
  PR: ["Curitiba", "Londrina", "Maringá", "Foz do Iguaçu"],
  CE: ["Fortaleza", "Juazeiro do Norte", "Sobral"],
  SC: ["Florianópolis", "Joinville", "Blumenau", "Chapecó"],
  DF: ["Brasília"],
  GO: ["Goiânia", "Anápolis"],
  PA: ["Belém", "Santarém"],
  AM: ["Manaus", "Parintins"],
  ES: ["Vitória", "Vila Velha"],
  MA: ["São Luís", "Imperatriz"],
  PB: ["João Pessoa", "Campina Grande"],
  RN: ["Natal", "Mossoró"],
  AL: ["Maceió", "Arapiraca"],
  SE: ["Aracaju"],
  PI: ["Teresina", "Parnaíba"],
  MT: ["Cuiabá", "Rondonópolis"],
  MS: ["Campo Grande", "Dourados"],
  TO: ["Palmas"],
  RO: ["Porto Velho"],
  AC: ["Rio Branco"],
  AP: ["Macapá"],
  RR: ["Boa Vista"],
};

const AREA_CODES: Record<string, number> = {
  AC: 68,
  AL: 82,
  AM: 92,
  AP: 96,
  BA: 71,
  CE: 85,
  DF: 61,
  ES: 27,
  GO: 62,
  MA: 98,
  MG: 31,
  MS: 67,
  MT: 65,
  PA: 91,
  PB: 83,
  PE: 81,
  PI: 86,
  PR: 41,
  RJ: 21,
  RN: 84,
  RO: 69,
  RR: 95,
  RS: 51,
  SC: 48,
  SE: 79,
  SP: 11,
  TO: 63,
};

export const STREETS = [
  "Rua das Flores",
  "Avenida Brasil",
  "Rua Sete de Setembro",
  "Rua XV de Novembro",
  "Avenida Getúlio Vargas",
  "Rua Dom Pedro II",
  "Rua Tiradentes",
  "Rua Marechal Deodoro",
  "Avenida Rio Branco",
  "Rua Santos Dumont",
  "Rua Barão do Rio Branco",
  "Rua José Bonifácio",
  "Rua Duque de Caxias",
  "Rua Castro Alves",
  "Rua Rui Barbosa",
  "Avenida Independência",
  "Rua das Palmeiras",
  "Rua dos Andradas",
  "Travessa da Paz",
  "Rua Monteiro Lobato",
  "Rua Cecília Meireles",
  "Avenida Presidente Vargas",
  "Rua Machado de Assis",
  "Rua Princesa Isabel",
  "Rua Anita Garibaldi",
  "Avenida Beira-Rio",
  "Rua São Francisco",
  "Rua Padre Anchieta",
  "Rua Carlos Gomes",
  "Rua Visconde de Mauá",
] as const;

export const NEIGHBORHOODS = [
  "Centro",
  "Jardim América",
  "Vila Nova",
  "Boa Vista",
  "Bela Vista",
  "Santo Antônio",
  "São José",
  "Liberdade",
  "Cidade Nova",
  "Jardim das Flores",
  "Parque São Jorge",
  "Vila Operária",
  "Santa Cruz",
  "Nossa Senhora Aparecida",
  "Jardim Primavera",
  "Alto da Serra",
  "Vila Esperança",
  "Bairro Industrial",
  "Jardim Botânico",
  "Morada do Sol",
  "Vila Progresso",
  "Conjunto Habitacional Esperança",
  "Jardim Europa",
  "São Cristóvão",
] as const;

export const COMPLEMENTS = ["Sala 2", "Fundos", "Galpão 3", "Bloco B", "Casa 2", "1º andar"];

/** The state codes the demo spreads its institutions over, in order. */
export const DEMO_STATES = ["SP", "RJ", "MG", "BA", "PE", "RS", "PR", "CE", "SC", "DF", "PA", "AM"];

let largeCities: Place[] | undefined;

/** Every large city that the IBGE data confirms, state by state. */
export function listLargeCities(): Place[] {
  largeCities ??= Object.entries(LARGE_CITIES).flatMap(([state, cities]) =>
    cities.filter((city) => isMunicipalityOf(state, city)).map((city) => ({ state, city })),
  );
  return largeCities;
}

/** The listed large cities, including any the IBGE check rejected (for the content tests). */
export function listCuratedCities(): Place[] {
  return Object.entries(LARGE_CITIES).flatMap(([state, cities]) =>
    cities.map((city) => ({ state, city })),
  );
}

export function largeCitiesOf(state: string): Place[] {
  return listLargeCities().filter((place) => place.state === state);
}

/** Any municipality of Brazil, uniformly over states then cities. */
export function randomMunicipality(random: Random): Place {
  const state = random.pick(listStates()).sigla;
  const city = random.pick(listMunicipalities(state) ?? []).nome;
  return { state, city };
}

export function areaCode(state: string): number {
  const code = AREA_CODES[state];
  if (code === undefined) throw new Error(`No area code for state ${state}`);
  return code;
}

/** Phones are stored as the sign-up form stores them: digits only, country code 55 first. */
export const PHONE_COUNTRY_DIGITS = "55";

/** A mobile number with the state's area code: 55 + 2 + 9 digits. */
export function mobilePhone(state: string, random: Random): string {
  return `${PHONE_COUNTRY_DIGITS}${areaCode(state)}9${random.int(8000, 9999)}${random.int(1000, 9999)}`;
}

/** A landline with the state's area code: 55 + 2 + 8 digits. */
export function landlinePhone(state: string, random: Random): string {
  return `${PHONE_COUNTRY_DIGITS}${areaCode(state)}3${random.int(100, 999)}${random.int(1000, 9999)}`;
}

export interface StreetAddress extends Place {
  street: string;
  number: string;
  neighborhood: string;
  complement: string | null;
}

export function randomStreetAddress(place: Place, random: Random): StreetAddress {
  return {
    ...place,
    street: random.pick(STREETS),
    number: String(random.int(12, 2400)),
    neighborhood: random.pick(NEIGHBORHOODS),
    complement: random.chance(0.3) ? random.pick(COMPLEMENTS) : null,
  };
}

/** Cities whose name takes the article: "no Rio de Janeiro", not "em Rio de Janeiro". */
const CITIES_WITH_ARTICLE = ["Rio de Janeiro", "Recife", "Crato"];

/** The placeholders texts use for a city: {city}, {inCity} ("em Natal"), {ofCity} ("de Natal"). */
export function cityPhrases(city: string): { city: string; inCity: string; ofCity: string } {
  const article = CITIES_WITH_ARTICLE.includes(city);
  return {
    city,
    inCity: `${article ? "no" : "em"} ${city}`,
    ofCity: `${article ? "do" : "de"} ${city}`,
  };
}
