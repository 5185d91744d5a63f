// `npm run headers`: builds the web app and prints the production security headers docs/deploying.md
// documents (vite.config.ts `securityHeaders`, for `<deployment>`); `-- --write` updates the
// page's block in place.
import { spawnSync } from "node:child_process";
import { repoRoot } from "../local/stack/stack.js";

const build = spawnSync("npx", ["vite", "build", "--logLevel", "warn"], {
  cwd: repoRoot,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);
// Imported after the build: the hashes are read from dist/index.html when the module loads.
const { documentedBlock, writeDocBlock } = await import("./support/securityHeadersDoc.js");
if (process.argv.includes("--write")) {
  console.log(writeDocBlock() ? "docs/deploying.md updated." : "docs/deploying.md was up to date.");
} else {
  console.log(documentedBlock());
}
