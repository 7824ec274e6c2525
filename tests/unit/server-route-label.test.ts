import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createRouteLabeller, methodLabel } from "../../server/route-label";
import { declaredRoutes } from "../helpers/routes";

/** The metrics' route label (ADR 0074): patterns, never paths. A manifest shaped like the app's. */
const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/eventos": { id: "routes/eventos", parentId: "root", path: "eventos" },
  "routes/eventos.$id": { id: "routes/eventos.$id", parentId: "root", path: "eventos/:id" },
  "routes/_member": { id: "routes/_member", parentId: "root" },
  "routes/app.eventos.$id.horas": {
    id: "routes/app.eventos.$id.horas",
    parentId: "routes/_member",
    path: "app/eventos/:id/horas",
  },
  "routes/termo.pdf": {
    id: "routes/termo.pdf",
    parentId: "routes/_member",
    path: "app/termos/:id/termo.pdf",
  },
} as unknown as ServerBuild["routes"];

const label = createRouteLabeller({ routes: manifest });

describe("route labels", () => {
  it("are the matched route's pattern, through pathless layouts", () => {
    expect(label("/")).toBe("/");
    expect(label("/eventos")).toBe("/eventos");
    expect(label("/eventos/3f1c2d4e-0000-4000-8000-000000000000")).toBe("/eventos/:id");
    expect(label("/app/eventos/ana%40exemplo.com/horas")).toBe("/app/eventos/:id/horas");
    expect(label("/app/termos/x/termo.pdf")).toBe("/app/termos/:id/termo.pdf");
  });

  it("label data requests as their page", () => {
    expect(label("/_root.data")).toBe("/.data");
    expect(label("/eventos/abc.data")).toBe("/eventos/:id.data");
    expect(label("/nada/aqui.data")).toBe("not-found");
  });

  it("put every unknown path under one word", () => {
    for (const path of [
      "/wp-admin",
      "/eventos/a/b",
      "/ana@exemplo.com",
      "/%00",
      "/x".repeat(500),
    ]) {
      expect(label(path)).toBe("not-found");
    }
  });

  it("match what React Router matches, over the app's own route table", () => {
    // The manifest the build would have: the root, the pathless layouts, every declared route.
    const declared = declaredRoutes();
    const routes: Record<string, unknown> = { root: { id: "root", path: "" } };
    for (const route of declared) {
      for (const [depth, layout] of route.layouts.entries()) {
        routes[layout] = { id: layout, parentId: route.layouts[depth - 1] ?? "root" };
      }
      routes[route.id] = {
        id: route.id,
        parentId: route.layouts.at(-1) ?? "root",
        ...(route.path === "" ? { index: true } : { path: route.path }),
      };
    }
    const app = routes as unknown as ServerBuild["routes"];
    const ours = createRouteLabeller({ routes: app });
    // React Router's own answer, the slow way (it flattens and ranks on every call).
    const nested = (parentId?: string): RouteObject[] =>
      Object.values(app)
        .filter((route) => route?.parentId === parentId)
        .map((route) =>
          route?.index
            ? { id: route.id, index: true, path: route.path }
            : { id: route?.id, path: route?.path, children: nested(route?.id) },
        );
    const tree = nested(undefined);
    const reference = (pathname: string) => {
      const matches = matchRoutes(tree, pathname);
      if (!matches) return "not-found";
      const paths = matches.map((match) => match.route.path).filter(Boolean);
      const label = `/${paths.join("/")}`;
      // The catch-all's page is the not-found page.
      return label === "/*" ? "not-found" : label;
    };
    const samples = declared.flatMap((route) => {
      const concrete = `/${route.path}`
        .replace(/:[^/]+/g, "3f1c2d4e-0000-4000-8000-00000000000a")
        .replace("*", "qualquer/coisa");
      return [concrete, `${concrete}/`, `${concrete}/extra`, concrete.toUpperCase()];
    });
    samples.push("/", "/nada", "/app/nada", "/eventos/a/b/c", "/%E2%80%AE", "/a//b");
    expect(samples.length).toBeGreaterThan(200);
    for (const pathname of samples) expect(ours(pathname), pathname).toBe(reference(pathname));
  });

  it("name standard methods and fold the rest into one", () => {
    expect(methodLabel("GET")).toBe("GET");
    expect(methodLabel("POST")).toBe("POST");
    expect(methodLabel("PROPFIND")).toBe("other");
    expect(methodLabel("get")).toBe("other");
    expect(methodLabel(undefined)).toBe("other");
  });
});
