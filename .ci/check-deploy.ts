// Checks that a Convex functions folder bundles for deploy exactly as `npx convex deploy` would,
// offline: the CLI's own dry run against a placeholder self-hosted URL writes the bundle instead
// of pushing it. The CLI already refuses a Node built-in imported outside a "use node" file
// (esbuild cannot resolve it for the isolate); the bundle is then scanned as a second guard, so
// a Node-only import that slipped through (an `external` package, a `require`) still fails here.
// The installed components (convex/convex.config.ts) are bundled and scanned the same way.
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

/** Runs the Convex CLI's `deploy --dry-run` offline with `extra` options; null when it succeeded. */
function dryRunDeploy(extra: string[]): string | null {
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
      ...extra,
    ],
    {
      cwd: projectDir,
      encoding: "utf8",
      env: {
        ...process.env,
        CONVEX_DEPLOYMENT: "",
        CONVEX_DEPLOY_KEY: "",
        // Nothing listens here: with --dry-run and a bundle path (or a push request file) the
        // CLI stops before pushing. CI=1 keeps its crash reporter off the network.
        CONVEX_SELF_HOSTED_URL: "http://127.0.0.1:1",
        CONVEX_SELF_HOSTED_ADMIN_KEY: "placeholder",
        CI: "1",
      },
      timeout: 5 * 60_000,
    },
  );
  if (cli.status === 0) return null;
  return `${cli.stdout ?? ""}${cli.stderr ?? ""}\nThe CLI exited with ${cli.status}.`;
}

/**
 * The installed components' default-runtime modules, as the CLI would push them: the bundle
 * path above holds only the app's own modules, so the push request (written offline with every
 * component's bundles) is where theirs are.
 */
function componentIsolateModules(): { path: string; source: string }[] | string {
  const request = path.join(bundleDir, "push-request");
  const failed = dryRunDeploy(["--push-all-modules", "--write-push-request", request]);
  if (failed) return failed;
  const push = JSON.parse(readFileSync(`${request}.json`, "utf8")) as {
    componentDefinitions: {
      definitionPath: string;
      functions: { path: string; source: string; environment: string }[];
    }[];
  };
  return push.componentDefinitions.flatMap((component) =>
    component.functions
      .filter((module) => module.environment === "isolate")
      .map((module) => ({
        path: path.join(component.definitionPath, module.path),
        source: module.source,
      })),
  );
}

function main(): number {
  try {
    const failed = dryRunDeploy(["--debug-bundle-path", bundleDir]);
    if (failed) {
      console.error(failed);
      console.error("convex/ does not bundle for deploy.");
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
    const components = componentIsolateModules();
    if (typeof components === "string") {
      console.error(components);
      console.error("The installed components do not bundle for deploy.");
      return 1;
    }
    const problems = [
      ...isolateFiles.map((file) => ({
        path: path.relative(bundleDir, file),
        source: readFileSync(file, "utf8"),
      })),
      ...components,
    ].flatMap((module) =>
      nodeOnlyImports(module.source).map((name) => `${module.path} imports "${name}"`),
    );
    if (problems.length > 0) {
      console.error(
        'Node-only imports in the default (isolate) runtime; move them to a "use node" file:\n  ' +
          problems.join("\n  "),
      );
      return 1;
    }
    console.log(
      `convex/ bundles for deploy: ${isolateFiles.length} isolate files and ` +
        `${components.length} component modules, no Node imports.`,
    );
    return 0;
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
}

process.exit(main());
