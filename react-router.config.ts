import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_middleware: true,
    // Loaders, actions and middleware get the request as it came (ADR 0058): React Router then
    // builds no copies of it per loader (two `new Request()` each, whose signals undici keeps
    // until a full collection). The address they read is the `url` argument, without React
    // Router's `.data` suffix and `index` / `_routes` parameters.
    v8_passThroughRequests: true,
    // React Router 7's behaviour, chosen (not left undefined, which prints a warning on every
    // build): route modules stay whole, the plugin keeps its own Vite setup, and `.data` URLs
    // keep their format (the server's page cache, route memo and tests use it).
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_trailingSlashAwareDataRequests: false,
  },
  // Cross-origin writes are refused by server/app.ts, which compares Origin with the public
  // BASE_URL (scheme included) before React Router runs. React Router's own check compares it
  // with the URL it rebuilds from the socket, which is http behind a TLS proxy: with
  // BASE_URL=https://... it would refuse every form post. "**" leaves the decision to ours.
  allowedActionOrigins: ["**"],
} satisfies Config;
