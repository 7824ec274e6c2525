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
  },
  // Cross-origin writes are refused by server/app.ts, which compares Origin with the public
  // BASE_URL (scheme included) before React Router runs. React Router's own check compares it
  // with the URL it rebuilds from the socket, which is http behind a TLS proxy: with
  // BASE_URL=https://... it would refuse every form post. "**" leaves the decision to ours.
  allowedActionOrigins: ["**"],
} satisfies Config;
