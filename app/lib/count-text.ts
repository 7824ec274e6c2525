/**
 * A count as pt-BR writes it: "1 cadastro", "42 cadastros", "0 cadastros", "1.234 registros"
 * (the singular for exactly one; zero and the rest take the plural), never "cadastro(s)".
 */
export function countText(count: number, singular: string, plural: string): string {
  return `${groupThousands(count)} ${count === 1 ? singular : plural}`;
}

/**
 * A whole number with pt-BR's thousands separator ("1.234.567"). Written out rather than through
 * toLocaleString: the directories show a count on every visit, and the first pt-BR number format
 * loads the browser's locale data, ~15 ms on this machine and several times that on a phone
 * (Lighthouse's longest task on /instituicoes; event-dates.ts avoids Intl for the same reason).
 */
export function groupThousands(count: number): string {
  const digits = String(Math.trunc(Math.abs(count)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return count < 0 ? `-${grouped}` : grouped;
}
