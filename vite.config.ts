import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  build: isSsrBuild ? { rollupOptions: { input: "./app/server/app.ts" } } : undefined,
  ssr: { external: ["better-sqlite3", "@node-rs/argon2"] },
}));
