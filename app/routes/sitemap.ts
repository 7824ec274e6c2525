import { publicConfig } from "~/config/public-config.server";
import { buildSitemap } from "~/seo/sitemap.server";
import type { Route } from "./+types/sitemap";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

export async function loader({ url }: Route.LoaderArgs) {
  const part = url.searchParams.get("parte");
  const xml = await buildSitemap(publicConfig().baseUrl, part === null ? null : Number(part));
  if (xml === null) return new Response("Parte inexistente", { status: 404 });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
