import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CauseFilterChips } from "~/components/public/cause-filter-chips";
import { EventCard } from "~/components/public/event-card";
import { InstitutionCard } from "~/components/public/institution-card";
import { prepared } from "~/components/ui/prepared";
import type { CauseSlug } from "~/config/causes";
import type { EventCard as EventCardData } from "~/events/public-events.server";
import type { InstitutionCard as InstitutionCardData } from "~/institutions/public-institutions.server";
import { PreparedHtmlContext, type PreparedHtmlStore } from "~/lib/prepared-html";
import { createPreparedHtmlStore } from "~/web/prepared-html-store.server";

/**
 * docs/decisions/0059: the server keeps the HTML of a card (and of the cause chips and the
 * footer) the first time it renders one, and writes that HTML when the same part comes back.
 * The page must not change by a byte, or the browser's hydration would not match it.
 */

/** The store's pending renders run on setImmediate: one turn of the loop runs them all. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A store that counts the parts it answered from what it kept. */
function countingStore(capacity?: number) {
  const store = createPreparedHtmlStore(capacity);
  let reused = 0;
  const counting: PreparedHtmlStore = {
    html(key) {
      const html = store.html(key);
      if (html !== undefined) reused++;
      return html;
    },
    prepare: (key, element) => store.prepare(key, element),
  };
  return { store, counting, reused: () => reused };
}

/** A part as a page at `location` renders it, with or without the server's store. */
function page(element: ReactElement, store: PreparedHtmlStore | null, location = "/instituicoes") {
  return renderToString(
    createElement(
      StaticRouter,
      { location },
      createElement(PreparedHtmlContext.Provider, { value: store }, element),
    ),
  );
}

/** Renders `element` cold, lets the store keep it, renders it warm: both as without a store. */
async function expectSameWhenKept(element: ReactElement, location?: string) {
  const { store, counting, reused } = countingStore();
  const plain = page(element, null, location);
  const cold = page(element, counting, location);
  await settle();
  const warm = page(element, counting, location);
  expect(cold).toBe(plain);
  expect(warm).toBe(plain);
  return { store, reused: reused() };
}

const institution = (overrides: Partial<InstitutionCardData> = {}): InstitutionCardData => ({
  id: "0143e54e-1fbd-2f39-7680-985887f217a4",
  name: 'Instituto Mãos & Vozes <Amigos> "do" Bem',
  summary: "Reforço escolar, oficinas de leitura e apoio às famílias 🧡 — há 12 anos.",
  city: "São José dos Campos",
  state: "SP",
  coverUrl: "/imagens/7d9b6a0e-2c55-4b63-9a64-1f3b4c5d6e7f",
  logoUrl: "/imagens/2f1e0d9c-8b7a-4654-8321-0fedcba98765",
  causes: ["educacao", "saude"],
  ...overrides,
});

const event = (overrides: Partial<EventCardData> = {}): EventCardData => ({
  id: "c1a7d42d-c516-4b1e-b038-6e18736703f3",
  name: "Mutirão de leitura & escrita <sábado>",
  resume: 'Leitura em voz alta com as crianças do bairro; traga um livro "seu".',
  eventDate: "2027-03-14",
  city: "Xapuri",
  state: "AC",
  format: "HIBRIDO",
  coverUrl: null,
  institutionName: "Associação Amigos do Bairro",
  causes: ["educacao"],
  ...overrides,
});

/** A part whose body is a paragraph of `text`. */
function Paragraph({ text }: { text: string }) {
  return createElement("p", null, text);
}
const Probe = prepared("article", { className: "card" }, Paragraph);
const probe = (text: string) => createElement(Probe, { text });

describe("prepared parts (ADR 0059)", () => {
  it("renders in place without a store, as the browser does", () => {
    const html = page(probe("olá"), null);
    expect(html).toBe('<article class="card"><p>olá</p></article>');
  });

  it("writes the kept HTML once the store has it, and only for the same props", async () => {
    const { store, counting, reused } = countingStore();
    page(probe("um"), counting);
    expect(store.count).toBe(0);
    await settle();
    expect(store.count).toBe(1);
    expect(page(probe("um"), counting)).toBe('<article class="card"><p>um</p></article>');
    expect(reused()).toBe(1);
    expect(page(probe("dois"), counting)).toBe('<article class="card"><p>dois</p></article>');
    expect(reused()).toBe(1);
  });

  it("never keeps a part marked not to be reused", async () => {
    const { store, counting } = countingStore();
    page(createElement(InstitutionCard, { institution: institution(), priority: true }), counting);
    await settle();
    expect(store.count).toBe(0);
  });

  it("institution cards: the same page with and without kept HTML", async () => {
    const cases: ReactElement[] = [
      createElement(InstitutionCard, { institution: institution() }),
      createElement(InstitutionCard, { institution: institution(), headingLevel: "h2" }),
      createElement(InstitutionCard, {
        institution: institution({ coverUrl: null, logoUrl: null, causes: [] }),
      }),
      createElement(InstitutionCard, {
        institution: institution({ coverUrl: "https://exemplo.org/capa.jpg", summary: "" }),
      }),
    ];
    for (const element of cases) {
      const { reused } = await expectSameWhenKept(element);
      expect(reused).toBe(1);
    }
  });

  it("event cards: the same page with and without kept HTML", async () => {
    for (const element of [
      createElement(EventCard, { event: event() }),
      createElement(EventCard, {
        event: event({ coverUrl: "/imagens/7d9b6a0e-2c55-4b63-9a64-1f3b4c5d6e7f" }),
      }),
      createElement(EventCard, {
        event: event({ format: "ONLINE", causes: [] }),
        headingLevel: "h2",
      }),
    ]) {
      const { reused } = await expectSameWhenKept(element, "/eventos");
      expect(reused).toBe(1);
    }
  });

  it("cause chips: the same page with and without kept HTML", async () => {
    const chips = (chosen: CauseSlug[], busca = "") =>
      createElement(CauseFilterChips, {
        path: "/instituicoes",
        query: { busca, uf: "SP", causa: chosen },
        chosen,
      });
    for (const element of [
      chips([]),
      chips(["saude"], "mãos & <vozes>"),
      chips(["educacao", "saude", "meio-ambiente"]),
    ]) {
      const { reused } = await expectSameWhenKept(element);
      expect(reused).toBe(1);
    }
  });
});

const part = (text: string) => createElement("p", null, text);
let renders = 0;
let tries = 0;
/** Counts its renders. */
function Counted() {
  renders++;
  return part("x");
}
/** A part that is not pure: it throws outside the page's context. */
function Broken(): ReactElement {
  tries++;
  throw new Error("not a pure part");
}

describe("createPreparedHtmlStore (ADR 0059)", () => {
  it("renders each key once, however many pages ask before it is kept", async () => {
    const store = createPreparedHtmlStore();
    renders = 0;
    for (let i = 0; i < 5; i++) store.prepare("k\u0000{}", createElement(Counted));
    await settle();
    store.prepare("k\u0000{}", createElement(Counted));
    await settle();
    expect(renders).toBe(1);
    expect(store.html("k\u0000{}")).toBe("<p>x</p>");
  });

  it("keeps at most its capacity in characters, dropping the least recently used", async () => {
    const key = (n: number) => `k\u0000${n}`;
    // Each entry: a 3-character key and 12 characters of HTML ("<p>aaaaa</p>").
    const store = createPreparedHtmlStore(45);
    for (const n of [1, 2, 3]) store.prepare(key(n), part("aaaaa"));
    await settle();
    expect(store.count).toBe(3);
    expect(store.html(key(1))).toBeDefined(); // 1 is now the most recently used
    store.prepare(key(4), part("aaaaa"));
    await settle();
    expect(store.size).toBeLessThanOrEqual(45);
    expect(store.html(key(2))).toBeUndefined();
    expect(store.html(key(1))).toBe("<p>aaaaa</p>");
    expect(store.html(key(4))).toBe("<p>aaaaa</p>");
  });

  it("a part that fails to render is logged, never reused and never tried again", async () => {
    const store = createPreparedHtmlStore();
    tries = 0;
    store.prepare("broken\u0000{}", createElement(Broken));
    await settle();
    store.prepare("broken\u0000{}", createElement(Broken));
    await settle();
    expect(tries).toBe(1);
    expect(store.html("broken\u0000{}")).toBeUndefined();
  });
});
