import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server build's entry is server/app.ts (the HTTP pipeline around React Router), so one
// bundle holds the app, the database client and the background jobs: one module instance each.
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  resolve: { tsconfigPaths: true },
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "nodemailer"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
