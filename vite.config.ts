import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { build, type Plugin as EsbuildPlugin } from "esbuild";
import { defineConfig, type Plugin } from "vite";

/**
 * base64url-universal names its browser build only in "browser", which esbuild reads after "exports": without this,
 * the status lists would be decoded with Node's Buffer, which no browser has.
 */
const browserBuilds: EsbuildPlugin = {
  name: "browser-builds",
  setup(bundler) {
    bundler.onResolve({ filter: /^base64url-universal$/ }, () => ({
      path: fileURLToPath(new URL("./node_modules/base64url-universal/lib/browser.js", import.meta.url)),
    }));
  },
};

/**
 * The offline verifier's script (docs/architecture.md §20): a page of its own with no React Router client, bundled
 * apart (the credential libraries are for it alone) into the client build, beside its service worker.
 */
function offlineVerifier(): Plugin {
  let outDir = "build/client";
  return {
    name: "offline-verifier",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      if (!outDir.endsWith("client")) return;
      await build({
        entryPoints: ["app/offline/verifier.ts"],
        bundle: true,
        minify: true,
        format: "esm",
        platform: "browser",
        target: "es2022",
        outfile: `${outDir}/verify/offline-verifier.js`,
        logLevel: "warning",
        plugins: [browserBuilds],
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), offlineVerifier()],
  resolve: {
    alias: [
      // The browser reads the route paths from React Router's manifest (docs/decisions/0020, weight).
      ...(isSsrBuild
        ? []
        : [
            {
              find: /^~\/modules\/access\/route-paths$/,
              replacement: new URL("./app/modules/access/route-paths.browser.ts", import.meta.url).pathname,
            },
          ]),
      { find: "~", replacement: new URL("./app", import.meta.url).pathname },
    ],
  },
  build: isSsrBuild ? { rollupOptions: { input: "./app/server/app.ts" } } : undefined,
  ssr: { external: ["better-sqlite3", "@node-rs/argon2"] },
}));
