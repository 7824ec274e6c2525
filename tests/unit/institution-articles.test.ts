// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the samples are source text to scan
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 39: "participou ... na Instituto Mãos que Ajudam", "em nome da {instituição}". An
 * article or contraction written before an institution's name is right for some names and wrong
 * for others (Instituto, Lar, Centro are masculine; Associação, Casa, ONG feminine). Every text
 * names it after the word "instituição" instead ("na instituição X", "da instituição X"), whose
 * article never changes (ADR 0067). This reads every source file of the app for the class: an
 * article or contraction right before an interpolated institution name, in a template string
 * (`na ${...}`) or in JSX (`da {...}`), on one line or across a line break.
 */
const APP = path.resolve(import.meta.dirname, "../../app");
const ARTICLES = [
  "a",
  "o",
  "as",
  "os",
  "à",
  "às",
  "ao",
  "aos",
  "na",
  "no",
  "nas",
  "nos",
  "da",
  "do",
  "das",
  "dos",
  "pela",
  "pelo",
  "pelas",
  "pelos",
  "dessa",
  "desse",
  "desta",
  "deste",
  "nessa",
  "nesse",
  "nesta",
  "neste",
].join("|");
const ARTICLE = new RegExp(
  `(?<![\\p{L}])(?:${ARTICLES})\\s+(?:\\$\\{|\\{)\\s*[\\w.?]*(?:institutionName|institution\\??\\.name|ongName)\\b`,
  "giu",
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("articles before an institution's name", () => {
  it("finds the pattern it looks for", () => {
    for (const sample of [
      "participou na ${certificate.institutionName}, inscrita",
      "emitido em nome da {result.institutionName}, foi",
      "Boa notícia: a ${input.institutionName} aceitou",
      "fazer parte do\n          {institution.name}",
      "A ${input.institutionName} agradece",
      "pela ${institution.name}",
    ]) {
      expect(sample.match(ARTICLE), sample).not.toBeNull();
    }
    for (const fine of [
      "na instituição ${certificate.institutionName}",
      "Conheça ${institution.name}",
      "com ${input.institutionName}",
      "equipe ${input.institutionName}",
    ]) {
      expect(fine.match(ARTICLE), fine).toBeNull();
    }
  });

  it("are written nowhere in the app: the name follows 'instituição'", () => {
    const found = sources(APP).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(ARTICLE)].map(
        (match) => `${path.relative(APP, file)}: ${match[0].replace(/\s+/g, " ")}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
