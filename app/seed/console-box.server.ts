/** Prints lines in a frame, so a one-time secret stands out in a busy server log. */
export function printBox(lines: readonly string[], write = (text: string) => console.log(text)) {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "─".repeat(width + 2);
  write([`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join("\n"));
}
