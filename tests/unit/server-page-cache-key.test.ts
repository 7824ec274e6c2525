import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { carriesOnlySession } from "~/auth/auth-cookies";
import { cacheablePage } from "../../server/page-cache";

const SESSION = "conecta.session_token=abc.def";

function request(method: string, url: string, cookie?: string): IncomingMessage {
  return { method, url, headers: cookie === undefined ? {} : { cookie } } as IncomingMessage;
}

describe("carriesOnlySession (ADR 0053)", () => {
  it("is true for a session's cookies alone, behind HTTPS too", () => {
    expect(carriesOnlySession(SESSION)).toBe(true);
    expect(carriesOnlySession(`${SESSION}; conecta.session_data=x; conecta.dont_remember=y`)).toBe(
      true,
    );
    expect(carriesOnlySession("__Secure-conecta.session_token=abc")).toBe(true);
  });

  it("is false without a token or with any other cookie, ours included", () => {
    expect(carriesOnlySession(undefined)).toBe(false);
    expect(carriesOnlySession("")).toBe(false);
    expect(carriesOnlySession("conecta.session_data=x")).toBe(false);
    expect(carriesOnlySession(`${SESSION}; conecta.flash=%7B%7D`)).toBe(false);
    expect(carriesOnlySession(`${SESSION}; _ga=GA1.1`)).toBe(false);
    expect(carriesOnlySession("conecta.session_token_x=abc")).toBe(false);
    expect(carriesOnlySession("other.session_token=abc")).toBe(false);
  });
});

describe("cacheablePage", () => {
  it("keys a visitor's public pages by path and query", () => {
    for (const url of ["/", "/instituicoes?pagina=2", "/eventos", "/termos-de-uso"]) {
      expect(cacheablePage(request("GET", url))).toEqual({ key: url, member: false });
    }
    const detail = "/eventos/3bc041b2-fed2-435c-888e-21fbcf21a6d4";
    expect(cacheablePage(request("GET", detail))).toEqual({ key: detail, member: false });
  });

  it("shares the lists among members under a key of their own, never the visitor's", () => {
    for (const url of ["/instituicoes?busca=rede", "/eventos", "/politicas-de-privacidade"]) {
      const page = cacheablePage(request("GET", url, SESSION));
      expect(page).toEqual({ key: `member ${url}`, member: true });
      expect(page?.key).not.toBe(cacheablePage(request("GET", url))?.key);
    }
  });

  it("renders for each member the pages that show their own things", () => {
    for (const url of [
      "/",
      "/instituicoes/3bc041b2-fed2-435c-888e-21fbcf21a6d4",
      "/app/voluntario",
    ]) {
      expect(cacheablePage(request("GET", url, SESSION))).toBeNull();
    }
  });

  it("renders writes, other methods, other cookies and private pages every time", () => {
    expect(cacheablePage(request("POST", "/instituicoes"))).toBeNull();
    expect(cacheablePage(request("HEAD", "/instituicoes"))).toBeNull();
    expect(
      cacheablePage(request("GET", "/instituicoes", `${SESSION}; conecta.flash=x`)),
    ).toBeNull();
    expect(cacheablePage(request("GET", "/instituicoes", "conecta.flash=x"))).toBeNull();
    expect(cacheablePage(request("GET", "/instituicoes.data"))).toBeNull();
    expect(cacheablePage(request("GET", "/app/voluntario"))).toBeNull();
  });
});
