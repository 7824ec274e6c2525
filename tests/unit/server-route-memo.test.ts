import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, Route, Routes, StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { applyEdits, EDITS } from "../../scripts/vite/react-router-server-memo";
import {
  isPlainLink,
  isPlainPath,
  matchFirstBranch,
  oncePer,
  plainAnchorProps,
  REMEMBERED_PATHS,
} from "../../server/route-memo";

/** A branch matches the paths that start with its prefix ("" matches everything). */
interface Branch {
  prefix: string;
}
const branches: Branch[] = [
  { prefix: "/instituicoes/" },
  { prefix: "/instituicoes" },
  { prefix: "/eventos" },
  { prefix: "/" },
];

function counting() {
  const calls: string[] = [];
  const matchBranch = (branch: Branch, pathname: string, allowPartial: boolean) => {
    calls.push(branch.prefix);
    return pathname.startsWith(branch.prefix) ? { branch, pathname, allowPartial } : null;
  };
  return { calls, matchBranch };
}

function linearScan(list: Branch[], pathname: string) {
  return list.find((branch) => pathname.startsWith(branch.prefix)) ?? null;
}

describe("matchFirstBranch (ADR 0054)", () => {
  it("answers as trying every branch in order does, then matches only the branch found", () => {
    const list = [...branches];
    for (const pathname of ["/instituicoes/abc", "/instituicoes", "/eventos", "/sobre", "x"]) {
      const first = counting();
      const answer = matchFirstBranch(list, pathname, false, first.matchBranch);
      expect(answer?.branch ?? null).toBe(linearScan(list, pathname));

      const again = counting();
      const second = matchFirstBranch(list, pathname, false, again.matchBranch);
      expect(second).toEqual(answer);
      // A fresh match object each time: callers may change what they are given.
      if (answer) expect(second).not.toBe(answer);
      expect(again.calls).toEqual(answer ? [answer.branch.prefix] : []);
    }
  });

  it("keeps apart partial and whole matching, and each list of branches", () => {
    const list = [...branches];
    const other = [{ prefix: "/eventos" }, { prefix: "/" }];
    const probe = counting();
    matchFirstBranch(list, "/eventos", false, probe.matchBranch);
    expect(matchFirstBranch(list, "/eventos", true, probe.matchBranch)?.allowPartial).toBe(true);
    expect(matchFirstBranch(other, "/eventos", false, probe.matchBranch)?.branch).toBe(other[0]);
  });

  it("forgets past its bound and still answers right", () => {
    const list = [...branches];
    for (let i = 0; i <= REMEMBERED_PATHS + 10; i++) {
      const probe = counting();
      const pathname = `/instituicoes/${i}`;
      expect(matchFirstBranch(list, pathname, false, probe.matchBranch)?.branch).toBe(list[0]);
    }
    const probe = counting();
    expect(matchFirstBranch(list, "/instituicoes/1", false, probe.matchBranch)?.branch).toBe(
      list[0],
    );
  });
});

describe("oncePer", () => {
  it("makes a value once per key while the other arguments are the same objects", () => {
    const cache = new WeakMap<object, { also: readonly unknown[]; value: number }>();
    const key = {};
    const modules = { a: {}, b: {} };
    let made = 0;
    const make = () => ++made;
    expect(oncePer(cache, key, Object.values(modules), make)).toBe(1);
    expect(oncePer(cache, key, Object.values({ ...modules }), make)).toBe(1);
    expect(oncePer(cache, key, Object.values({ ...modules, b: {} }), make)).toBe(2);
    expect(oncePer(cache, {}, Object.values(modules), make)).toBe(3);
  });
});

describe("the build's edits of React Router (scripts/vite/react-router-server-memo.ts)", () => {
  it("each finds its text once in the installed production build", () => {
    const dir = path.resolve("node_modules/react-router/dist/production");
    const applied = readdirSync(dir)
      .filter((file) => /^chunk-[A-Z0-9]+\.mjs$/.test(file))
      .flatMap((file) => applyEdits(readFileSync(path.join(dir, file), "utf8")).applied);
    expect(applied.sort()).toEqual(EDITS.map((edit) => edit.name).sort());
  });

  it("refuses a text found twice", () => {
    const [edit] = EDITS;
    if (!edit) throw new Error("no edits");
    expect(() => applyEdits(`${edit.find}\n${edit.find}`)).toThrow(/twice/);
  });
});

/** React Router's own server-side link, rendered inside a route two levels deep. */
function routerLink(to: string, props: Record<string, unknown> = {}): string {
  const link = createElement(Link, { ...props, to }, "x");
  return renderToStaticMarkup(
    createElement(
      StaticRouter,
      { location: "/a/b/c/" },
      createElement(Routes, null, createElement(Route, { path: "/a/:b/*", element: link })),
    ),
  );
}

/** Strings of characters React Router's resolution treats specially, from a fixed seed. */
function awkwardPaths(count: number): string[] {
  const parts = ["/", "/", ".", "..", "?", "#", "a", "b", "\\", "%20", "=", "&", " ", "é"];
  let seed = 17;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed;
  };
  return Array.from({ length: count }, () => {
    let to = next() % 5 === 0 ? "" : "/";
    for (let i = next() % 9; i > 0; i--) to += parts[next() % parts.length];
    return to;
  });
}

describe("isPlainPath: the server's links that skip React Router's resolution (ADR 0057)", () => {
  it("answers yes only where React Router's Link renders the path itself as the href, with the same props", () => {
    const plain = ["/", "/instituicoes", "/instituicoes/", "/eventos?pagina=2&uf=SP", "/a#topo"];
    const rewritten = ["//x", "/a//b", "/a/./b", "/a/..", "/a?", "/a#", "/a?#", "a/b", "", "\\a"];
    for (const to of plain) expect(isPlainPath(to), to).toBe(true);
    for (const to of rewritten) expect(isPlainPath(to), to).toBe(false);
    expect(isPlainPath({ pathname: "/a" })).toBe(false);
    expect(isPlainLink({ to: "/a", prefetch: "intent" })).toBe(false);
    expect(isPlainLink({ to: "/a", mask: "/b" })).toBe(false);

    // Props a page's links carry, with React Router's own among them (left off the anchor).
    const propSets: Record<string, unknown>[] = [
      {},
      { className: "c", "aria-label": "r", target: "_blank" },
      { id: "x", replace: true, state: { a: 1 }, preventScrollReset: true, onClick: () => {} },
      { discover: "none", relative: "path", viewTransition: true, title: "t" },
      { prefetch: "none", reloadDocument: true, "data-x": "1", style: { color: "red" } },
    ];
    let checked = 0;
    for (const [index, to] of [...plain, ...awkwardPaths(5_000)].entries()) {
      const props = { ...propSets[index % propSets.length], to };
      if (!isPlainLink(props)) continue;
      checked++;
      const fast = createElement("a", plainAnchorProps({ ...props, children: "x" }));
      expect(renderToStaticMarkup(fast), to).toBe(routerLink(to, props));
    }
    expect(checked).toBeGreaterThan(500);
  });
});
