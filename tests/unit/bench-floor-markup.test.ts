import { Writable } from "node:stream";
import { createElement as h, Suspense } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { documentElement, styleObject } from "../../scripts/bench/floor-markup.js";

/**
 * The benchmark's React floor (scripts/bench/floor-markup.js) must render the same markup as the
 * page it was given: here, a document React itself wrote (as the app's pages are), with what the
 * app's pages hold: attributes React spells in camelCase, boolean attributes, inline styles, SVG,
 * form controls, adjacent texts, a Suspense boundary, a noscript and inline scripts.
 */
function page() {
  return h(
    "html",
    { lang: "pt-BR" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("title", null, "Instituições | Conecta"),
      h("link", { rel: "stylesheet", href: "/assets/app.css", precedence: "default" }),
    ),
    h(
      "body",
      { className: "min-h-screen" },
      h("a", { href: "#conteudo", className: "sr-only" }, "Pular para o conteúdo"),
      h(
        "svg",
        { viewBox: "0 0 24 24", width: 24, height: 24, "aria-hidden": "true" },
        h("path", { d: "M4 12h16", strokeWidth: 2, strokeLinecap: "round", fillRule: "evenodd" }),
      ),
      h(
        "form",
        { noValidate: true, method: "get", action: "/instituicoes" },
        h("label", { htmlFor: "busca" }, "Buscar"),
        h("input", { id: "busca", type: "search", name: "busca", defaultValue: 'mãos & "aspas"' }),
        h("input", { type: "checkbox", name: "so", defaultChecked: true, disabled: true }),
        h(
          "select",
          { name: "uf", defaultValue: "SP" },
          h("option", { value: "" }, "Todos"),
          h("option", { value: "SP" }, "São Paulo"),
        ),
        h("textarea", { name: "sobre", defaultValue: "linha 1\nlinha <2>" }),
        h("button", { type: "submit", hidden: true }, "Buscar"),
      ),
      h(
        "p",
        { style: { marginTop: "1rem", WebkitLineClamp: 2, "--cor": "red" } },
        "Mostrando ",
        20,
        " de ",
        1234,
        " instituições",
      ),
      h("img", {
        src: "/imagens/1?w=800",
        srcSet: "/imagens/1?w=400 400w, /imagens/1?w=800 800w",
        alt: "",
        loading: "lazy",
        width: 800,
        height: 400,
      }),
      h("details", { open: true }, h("summary", null, "Mais"), "Texto com 'aspas' e <tags>"),
      h(Suspense, null, h("ul", null, h("li", { "data-id": "1" }, "Dentro do limite"))),
      h("noscript", null, h("img", { src: "/pixel", alt: "" })),
      h("script", { nonce: "abc" }, 'window.__data = {"a":"\\u003c/script>","b":1 < 2};'),
    ),
  );
}

/** renderToPipeableStream's whole output, as the app's entry.server.tsx writes it. */
function stream(tree: Parameters<typeof renderToPipeableStream>[0], options = {}) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(tree, {
      ...options,
      onAllReady: () => pipe(sink),
      onShellError: reject,
    });
  });
}

describe("the benchmark's React floor (scripts/bench/floor-markup.js)", () => {
  it("renders a page React wrote into the same bytes, as a stream and as a string", async () => {
    // React's development build (Vitest's) advises on what the parsed page gives it as HTML has
    // it (stroke-width for strokeWidth, `selected` on an option, a textarea's text as children);
    // the floor runs React's production build, which writes the same without checking.
    const advice = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const html = await stream(page());
      expect(html).toContain("<!--$-->");
      const tree = documentElement(html);
      expect(await stream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY })).toBe(html);
      expect(`<!DOCTYPE html>${renderToString(tree)}`).toBe(html);
    } finally {
      advice.mockRestore();
    }
  });

  it("turns an inline style into React's style object", () => {
    expect(styleObject("margin-top: 1rem; -webkit-line-clamp: 2;--cor:red; -ms-flex: 1")).toEqual({
      marginTop: "1rem",
      WebkitLineClamp: "2",
      "--cor": "red",
      msFlex: "1",
    });
  });
});
