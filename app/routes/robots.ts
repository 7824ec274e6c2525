import { publicConfig } from "~/config/public-config.server";
import { buildRobotsTxt } from "~/seo/sitemap.server";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

export function loader() {
  return new Response(buildRobotsTxt(publicConfig().baseUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
