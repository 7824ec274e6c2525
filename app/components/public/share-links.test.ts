import { describe, expect, it } from "vitest";
import { whatsappShareUrl } from "./share-links";

describe("share links", () => {
  it("prefills a WhatsApp message with the text and the page's address", () => {
    const page = "https://conecta.example/instituicoes/123";
    const link = new URL(whatsappShareUrl('Conheça "Mãos & Cia" no Conecta:', page));
    expect(link.origin).toBe("https://wa.me");
    expect(link.searchParams.get("text")).toBe(`Conheça "Mãos & Cia" no Conecta: ${page}`);
  });
});
