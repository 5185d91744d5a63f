// Checks that a Convex functions folder bundles for deploy exactly as `npx convex deploy` would,
// offline: the CLI's own dry run against a placeholder self-hosted URL writes the bundle instead
// of pushing it. The CLI already refuses a Node built-in imported outside a "use node" file
// (esbuild cannot resolve it for the isolate); the bundle is then scanned as a second guard, so
// a Node-only import that slipped through (an `external` package, a `require`) still fails here.
//
//   npx tsx .ci/check-deploy.ts [project dir]   (default: this repository)
import { spawnSync } from "node:child_process";
import { builtinModules } from "node:module";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const projectDir = path.resolve(process.argv[2] ?? ".");
const bundleDir = mkdtempSync(path.join(tmpdir(), "convex-deploy-bundle-"));

/** `import … from "fs"`, `import("node:fs")`, `require("fs/promises")` of a Node built-in. */
function nodeOnlyImports(source: string): string[] {
  const builtins = new Set(builtinModules.filter((name) => !name.startsWith("_")));
  const found = new Set<string>();
  const specifier = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;
  for (const match of source.matchAll(specifier)) {
    const name = match[1]!;
    const base = name.replace(/^node:/, "").split("/")[0]!;
    if (name.startsWith("node:") || builtins.has(base)) found.add(name);
  }
  return [...found];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function main(): number {
  try {
    const cli = spawnSync(
      "npx",
      [
        "convex",
        "deploy",
        "--dry-run",
        "--yes",
        "--typecheck",
        "disable",
        "--codegen",
        "disable",
        "--debug-bundle-path",
        bundleDir,
      ],
      {
        cwd: projectDir,
        encoding: "utf8",
        env: {
          ...process.env,
          CONVEX_DEPLOYMENT: "",
          CONVEX_DEPLOY_KEY: "",
          // Nothing listens here: with --dry-run and a bundle path the CLI stops before pushing.
          CONVEX_SELF_HOSTED_URL: "http://127.0.0.1:1",
          CONVEX_SELF_HOSTED_ADMIN_KEY: "placeholder",
        },
        timeout: 5 * 60_000,
      },
    );
    if (cli.status !== 0) {
      process.stdout.write(cli.stdout ?? "");
      process.stderr.write(cli.stderr ?? "");
      console.error(`convex/ does not bundle for deploy (the CLI exited with ${cli.status}).`);
      return 1;
    }
    // Default-runtime modules land in isolate/; "use node" modules in node/ (allowed there).
    const isolateFiles = filesUnder(path.join(bundleDir, "isolate")).filter((file) =>
      file.endsWith(".js"),
    );
    if (isolateFiles.length === 0) {
      console.error(`The CLI wrote no isolate bundle to ${bundleDir}.`);
      return 1;
    }
    const problems = isolateFiles.flatMap((file) =>
      nodeOnlyImports(readFileSync(file, "utf8")).map(
        (name) => `${path.relative(bundleDir, file)} imports "${name}"`,
      ),
    );
    if (problems.length > 0) {
      console.error(
        'Node-only imports in the default (isolate) runtime; move them to a "use node" file:\n  ' +
          problems.join("\n  "),
      );
      return 1;
    }
    console.log(
      `convex/ bundles for deploy: ${isolateFiles.length} isolate files, no Node imports.`,
    );
    return 0;
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
}

process.exit(main());
