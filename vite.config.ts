/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The web app, and the three test projects: Convex functions (convex-test in the edge
// runtime, as Convex recommends), web components (jsdom) and the local runtime (Node).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    host: "localhost",
    // Only the web app's sources matter to the dev server; test artifacts and local data must
    // not trigger reloads while tests run.
    watch: {
      ignored: ["**/e2e/**", "**/.data/**", "**/local/**", "**/.ci/**", "**/test-results/**"],
    },
  },
  preview: { port: 4173, strictPort: true },
  build: { target: "es2022", sourcemap: true },
  test: {
    projects: [
      {
        test: {
          name: "convex",
          environment: "edge-runtime",
          include: ["convex/**/*.test.ts"],
          server: { deps: { inline: ["convex-test"] } },
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["src/test/setup.ts"],
        },
      },
      {
        test: {
          name: "runtime",
          environment: "node",
          include: ["local/**/*.test.{ts,tsx}"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
