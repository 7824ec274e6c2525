import { createElement, Suspense, use } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageSink } from "../../app/lib/whole-body.server";

const later = Promise.resolve("carregado depois");

/** Suspends until `later` is read, as React Router's data scripts do. */
function Later() {
  return createElement("span", null, use(later));
}

/** Renders `element` as entry.server.tsx does: piped into a PageSink once all is ready. */
function renderWhole(element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const sink = new PageSink(resolve, reject);
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink as unknown as NodeJS.WritableStream),
      onShellError: reject,
    });
  });
}

describe("PageSink", () => {
  it("gathers React's whole output: its own views, long strings and text in several alphabets", async () => {
    // Longer than 1 365 characters: React hands such HTML to the destination as a string.
    const prepared = `<p>${"Instituição beneficente — 🤝 ".repeat(200)}</p>`;
    const texts = Array.from({ length: 400 }, (_, index) => `Ação nº ${index} ✓`);
    const tree = (suspended: boolean) =>
      createElement(
        "main",
        null,
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed test string, as a prepared part.
        createElement("div", { dangerouslySetInnerHTML: { __html: prepared } }),
        texts.map((text) => createElement("p", { key: text }, text)),
        suspended
          ? createElement(Suspense, { fallback: "…" }, createElement(Later))
          : createElement("span", null, "carregado depois"),
      );
    await later;
    const bytes = await renderWhole(tree(true));
    const html = bytes.toString("utf8");
    // Several of React's 4 kB views.
    expect(bytes.length).toBeGreaterThan(3 * 4096);
    expect(html).toContain(prepared);
    expect(html).toContain("Ação nº 399 ✓");
    // Apart from React's Suspense markers, the same markup renderToString makes.
    expect(html.replaceAll(/<!--\/?\$\??-->/g, "")).toBe(renderToString(tree(false)));
  });

  it("reports a render that React abandons instead of ending the page", () => {
    const failures: unknown[] = [];
    const sink = new PageSink(
      () => failures.push("ended"),
      (error) => failures.push(error),
    );
    sink.destroy(new Error("boom"));
    expect(failures).toEqual([new Error("boom")]);
  });
});
