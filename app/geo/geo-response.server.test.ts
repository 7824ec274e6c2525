import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { geographyAnswer } from "./geo-response.server";

describe("geography answers", () => {
  it("prepares each list once, the same list in each encoding", async () => {
    const first = geographyAnswer("/api/localidades/estados/sp/municipios");
    const again = geographyAnswer("/api/localidades/estados/SP/municipios/");
    if (!first || !("list" in first) || !again || !("list" in again)) throw new Error("no list");
    expect(again.list).toBe(first.list);
    const names = JSON.parse(first.list.identity.toString("utf8")) as { nome: string }[];
    expect(names).toHaveLength(645);
    expect(JSON.parse(brotliDecompressSync(await first.list.make("br")).toString("utf8"))).toEqual(
      names,
    );
    expect(JSON.parse(gunzipSync(await first.list.make("gzip")).toString("utf8"))).toEqual(names);
    expect(first.list.etag).toMatch(/^"[\w-]{22}"$/);
  });

  it("tells an unknown or malformed state apart from a path that is not geography", () => {
    expect(geographyAnswer("/api/localidades/estados/ZZ/municipios")).toEqual({
      unknownState: "ZZ",
    });
    expect(geographyAnswer("/api/localidades/estados/%E0%A4%A/municipios")).toEqual({
      unknownState: "%E0%A4%A",
    });
    expect(geographyAnswer("/api/localidades/estados/SP/municipios/x")).toBeNull();
    expect(geographyAnswer("/api/instituicoes")).toBeNull();
  });
});
