import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_middleware: true,
  },
  // Cross-origin writes are refused by server/app.ts, which compares Origin with the public
  // BASE_URL (scheme included) before React Router runs. React Router's own check compares it
  // with the URL it rebuilds from the socket, which is http behind a TLS proxy: with
  // BASE_URL=https://... it would refuse every form post. "**" leaves the decision to ours.
  allowedActionOrigins: ["**"],
} satisfies Config;
