/**
 * A count as pt-BR writes it: "1 cadastro", "42 cadastros", "0 cadastros", "1.234 registros"
 * (the singular for exactly one; zero and the rest take the plural), never "cadastro(s)".
 */
export function countText(count: number, singular: string, plural: string): string {
  return `${count.toLocaleString("pt-BR")} ${count === 1 ? singular : plural}`;
}
