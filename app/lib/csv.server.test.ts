import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvHeaders, csvRows, csvStream } from "./csv.server";

async function* batches(...list: string[][][]) {
  for (const batch of list) yield batch;
}

/** The bytes as text, BOM included (Response.text() would drop it). */
async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  const bytes = await new Response(stream).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

describe("CSV for spreadsheets", () => {
  it("separates with ';', ends lines with CRLF and quotes what needs it", () => {
    expect(csvRows([["a", "b;c", 'diz "oi"', "duas\nlinhas"]])).toBe(
      'a;"b;c";"diz ""oi""";"duas\nlinhas"\r\n',
    );
  });

  it("keeps formulas from running: = + - @ get an apostrophe, after a tab or CR too", () => {
    const cells = ["=1+1", "+55 21", "-2", "@SUM(A1)", "\t=1+1", "\r=1+1", " @x", "a=b", "ação"];
    const [row] = parse(csvRows([cells]), { delimiter: ";" }) as string[][];
    expect(row).toEqual([
      "'=1+1",
      "'+55 21",
      "'-2",
      "'@SUM(A1)",
      "'=1+1",
      "'=1+1",
      "'@x",
      "a=b",
      "ação",
    ]);
  });

  it("never writes a control or bidirectional character in a cell (rows stored before the text rule)", () => {
    const hostile = [
      "Ana\u202E odnum",
      "sino\u0007",
      "folha\u000Cnova",
      "nulo\u0000",
      "C1\u0085\u009B",
      "isolado\u2066x\u2069",
      "marca\u200Fx",
      "linha\r\nnova\rsó",
      "sep\u2028ara",
      "tab\tinterno",
      "Jose\u0301",
    ];
    const text = csvRows([hostile]);
    expect(text.slice(0, -2)).not.toMatch(/[\p{Cc}\p{Bidi_Control}\u2028\u2029](?<!\n)/u);
    const [row] = parse(text, { delimiter: ";" }) as string[][];
    expect(row).toEqual([
      "Ana odnum",
      "sino",
      "folhanova",
      "nulo",
      "C1",
      "isoladox",
      "marcax",
      "linha\nnova\nsó",
      "sep\nara",
      "tab interno",
      "José",
    ]);
  });

  it("streams the BOM, the header and every batch, and parses back", async () => {
    const stream = await csvStream(
      ["Nome", "Cidade"],
      batches([["Ana", "São Paulo"]], [["João; José", "Niterói"]], []),
    );
    const body = await text(stream);
    expect(body.startsWith("\uFEFFNome;Cidade\r\n")).toBe(true);
    expect(parse(body, { delimiter: ";", bom: true })).toEqual([
      ["Nome", "Cidade"],
      ["Ana", "São Paulo"],
      ["João; José", "Niterói"],
    ]);
  });

  it("writes the header alone when there is nothing to list", async () => {
    expect(await text(await csvStream(["Nome"], batches()))).toBe("\uFEFFNome\r\n");
  });

  it("reads the next batch only when the reader asks for more", async () => {
    let read = 0;
    async function* counted() {
      for (let index = 0; index < 3; index++) {
        read++;
        yield [[String(index)]];
      }
    }
    const reader = (await csvStream(["n"], counted())).getReader();
    expect(read).toBe(1);
    await reader.read();
    expect(read).toBe(1);
    await reader.read();
    expect(read).toBe(2);
    await reader.cancel();
  });

  it("sends it as a private, dated attachment", () => {
    expect(csvHeaders("auditoria-2026-11-26.csv")).toMatchObject({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="auditoria-2026-11-26.csv"',
      "Cache-Control": "private, no-store",
    });
  });
});
