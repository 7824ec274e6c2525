import { describe, expect, it } from "vitest";
import { renderPdf } from "~/lib/pdf/pdf-document.server";
import { UNPRINTABLE } from "../../helpers/hostile-text";
import { keepPage, pdfInfo, pdfPages, pdfText, readQr } from "../../helpers/pdf";

/**
 * The document foundation of issue 16 (ADR 0048) read back as people read it: A4, embedded
 * fonts, every pt-BR accent extracted as written, a footer on each page, a QR code that decodes.
 */
describe("renderPdf", () => {
  const accents = "Ação, coração, São João, pé, você, três, à noite, Itaú, ÁÉÍÓÚ ÂÊÔ ÃÕ Ç";

  it("writes an A4 PDF with embedded fonts whose text reads back with every accent", async () => {
    const pdf = await renderPdf(
      { title: "Documento de teste", author: "Conecta Voluntário", createdAt: new Date(0) },
      async (doc) => {
        doc.title("Termo de Adesão ao Serviço Voluntário");
        doc.subtitle("Lei nº 9.608, de 18 de fevereiro de 1998");
        doc.fields([
          ["Voluntário(a)", "Conceição Araújo"],
          ["Instituição", "Associação Coração Solidário"],
        ]);
        doc.paragraph(accents);
        doc.list(["Primeira cláusula.", "Segunda cláusula."], { numbered: true });
        doc.signature("Conceição Araújo", "Voluntária");
        await doc.qr("https://exemplo.org/certificados/ABCD-2345", ["Verifique em", "exemplo.org"]);
        doc.footer("Conecta Voluntário");
      },
    );
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
    expect(info.pageSize).toMatch(/595\.\d* x 841\.\d* pts \(A4\)/);
    // Every font embedded (pdffonts' "emb" column) and none is a base-14 substitute.
    const fontRows = info.fonts.split("\n").slice(2).filter(Boolean);
    expect(fontRows.length).toBeGreaterThan(0);
    for (const row of fontRows) expect(row).toMatch(/DejaVu\S*\s+\S.*\byes\b/);

    const text = await pdfText(pdf);
    expect(text).toContain(accents);
    expect(text).toContain("Termo de Adesão ao Serviço Voluntário");
    expect(text).toContain("Voluntário(a): Conceição Araújo");
    expect(text).toContain("1. Primeira cláusula.");
    expect(text).toContain("Conecta Voluntário — página 1 de 1");

    const [page] = await pdfPages(pdf);
    if (!page) throw new Error("no page rendered");
    await keepPage("foundation", page);
    expect(await readQr(page)).toBe("https://exemplo.org/certificados/ABCD-2345");
  });

  it("breaks long text onto new pages and numbers them", async () => {
    const pdf = await renderPdf(
      { title: "Longo", author: "Conecta Voluntário", createdAt: new Date(0) },
      (doc) => {
        for (let i = 1; i <= 80; i++) doc.paragraph(`Parágrafo ${i}: ${accents}.`);
        doc.footer("Rodapé");
      },
    );
    const info = await pdfInfo(pdf);
    expect(info.pages).toBeGreaterThan(1);
    const text = await pdfText(pdf);
    expect(text).toContain("Parágrafo 80:");
    expect(text).toContain(`Rodapé — página ${info.pages} de ${info.pages}`);
  });

  it("never draws a control, a line break or a bidi override it is given", async () => {
    const hostile = "Ana\n\n10. PAGAMENTO\u0007\f\u202eoãçA\u202c\u2066x\u2069\u2028- item";
    const pdf = await renderPdf(
      { title: `Título ${hostile}`, author: "Conecta Voluntário", createdAt: new Date(0) },
      async (doc) => {
        doc.title(hostile);
        doc.subtitle(hostile);
        doc.heading(hostile);
        doc.paragraph(`Certificamos que ${hostile} participou.`);
        doc.fields([[hostile, hostile]]);
        doc.list([hostile]);
        doc.signature(hostile, hostile, hostile);
        await doc.qr("https://exemplo.org/x", [hostile]);
        doc.footer(hostile);
      },
    );
    const text = await pdfText(pdf);
    // pdftotext ends lines with "\n" and pages with "\f": none of either came from the values.
    const lines = text.split("\n").map((line) => line.replace(/^\f/, ""));
    for (const line of lines) expect(line).not.toMatch(UNPRINTABLE);
    // Each value stays one run of text: the forged heading is never a line of its own, and
    // the reversed word reads in the order it was typed.
    expect(lines).not.toContain("10. PAGAMENTO");
    expect(lines).not.toContain("- item");
    expect(text).toContain("Certificamos que Ana 10. PAGAMENTO oãçAx - item participou.");
    const info = await pdfInfo(pdf);
    expect(info.pages).toBe(1);
  });
});
