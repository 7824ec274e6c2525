import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, geoJsonResponse } from "./geo-response.server";

const list = [{ id: 1, nome: "São Paulo" }];
const request = (headers: Record<string, string>) =>
  new Request("http://x/api/localidades/estados", { headers });

describe("geography responses", () => {
  it("chooses brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(null)).toBe("identity");
  });

  it("answers the same list in each encoding, and 304 to a matching If-None-Match", async () => {
    const plain = geoJsonResponse(request({}), "unit", () => list);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.json()).toEqual(list);
    const br = geoJsonResponse(request({ "Accept-Encoding": "br" }), "unit", () => list);
    expect(br.headers.get("content-encoding")).toBe("br");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(brBytes).toString("utf8"))).toEqual(list);
    const gz = geoJsonResponse(request({ "Accept-Encoding": "gzip" }), "unit", () => list);
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(list);
    const etag = plain.headers.get("etag") ?? "";
    expect(br.headers.get("etag")).toBe(etag);
    const again = geoJsonResponse(request({ "If-None-Match": etag }), "unit", () => list);
    expect(again.status).toBe(304);
    expect(again.headers.get("vary")).toBe("Accept-Encoding");
  });
});
