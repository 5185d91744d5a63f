// `npm run codegen` writes `components` from each installed component's own definition, through
// the Convex CLI against the loopback analysis server (codegen.ts).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCodegen } from "./codegen.js";
import {
  componentDepSpecifier,
  componentInstances,
  evaluateDefinitions,
  type DefinitionSource,
} from "./definitions.js";

const here = path.dirname(fileURLToPath(import.meta.url));
// Inside the repository, so the fixture's packages resolve from its node_modules.
const scratch = path.join(here, ".tmp");
mkdirSync(scratch, { recursive: true });
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function fixtureApp(): string {
  const dir = mkdtempSync(path.join(scratch, "codegen-"));
  dirs.push(dir);
  cpSync(path.join(here, "test", "app"), dir, { recursive: true });
  return dir;
}

const generated = (dir: string) =>
  Object.fromEntries(
    ["api.js", "api.d.ts", "server.js", "server.d.ts", "dataModel.d.ts"].map((file) => [
      file,
      readFileSync(path.join(dir, "convex", "_generated", file), "utf8"),
    ]),
  );

describe("offline codegen with components", () => {
  it("writes each installed component under its name, and the same bytes every time", async () => {
    const dir = fixtureApp();
    expect(await runCodegen(dir)).toBe(0);
    const first = generated(dir);
    expect(first["api.js"]).toContain("export const components = componentsGeneric();");
    // The fixture installs sharded-counter twice, once under its default name.
    expect(first["api.d.ts"]).toContain(
      'shardedCounter: import("@convex-dev/sharded-counter/_generated/component.js").ComponentApi<"shardedCounter">;',
    );
    expect(first["api.d.ts"]).toContain(
      'hotTotals: import("@convex-dev/sharded-counter/_generated/component.js").ComponentApi<"hotTotals">;',
    );
    expect(first["api.d.ts"]).toContain("counts: typeof counts;");
    expect(await runCodegen(dir)).toBe(0);
    expect(generated(dir)).toEqual(first);
  }, 60_000);
});

const source = (body: string, dependencies: string[] = []): DefinitionSource => ({
  source: body,
  dependencies,
});

// Definitions as the CLI bundles them, written by hand: a definition's default export has
// `export()`, and imports its children through `./_componentDeps/…`.
const componentSource = (name: string, children: [string, string, object?][] = []) =>
  children
    .map(([, childPath], i) => `import child${i} from "${componentDepSpecifier(childPath)}";\n`)
    .join("") +
  `export default { export: () => ({ name: ${JSON.stringify(name)},
    definitionType: { type: "childComponent", name: ${JSON.stringify(name)}, args: [] },
    childComponents: [${children
      .map(
        ([childName, , env], i) =>
          `{ name: ${JSON.stringify(childName)}, path: child${i}.componentDefinitionPath, args: [],
             env: ${JSON.stringify(env ? Object.entries(env) : null)} }`,
      )
      .join(",")}],
    exports: {} }) };`;

describe("component definitions", () => {
  it("lays out every instance under its parent, with the env its parent binds", async () => {
    const pool = "../node_modules/pool/dist/component";
    const worker = "../node_modules/worker/dist/component";
    const definitions = await evaluateDefinitions(
      new Map([
        [
          "",
          source(
            `import pool from "${componentDepSpecifier(pool)}";
             export default { export: () => ({ definitionType: { type: "app" },
               childComponents: [{ name: "emails", path: pool.componentDefinitionPath, args: [], env: null }],
               exports: {} }) };`,
            [pool],
          ),
        ],
        [
          pool,
          source(
            componentSource("pool", [
              ["worker", worker, { LOG_LEVEL: { type: "value", value: "REPORT" } }],
            ]),
            [worker],
          ),
        ],
        [worker, source(componentSource("worker"))],
      ]),
    );
    expect(componentInstances(definitions)).toEqual([
      { componentPath: "emails", definitionPath: pool, env: {} },
      { componentPath: "emails/worker", definitionPath: worker, env: { LOG_LEVEL: "REPORT" } },
    ]);
  });

  it("refuses definitions that import each other in a cycle", async () => {
    const a = "../node_modules/a/dist/component";
    const b = "../node_modules/b/dist/component";
    await expect(
      evaluateDefinitions(
        new Map([
          ["", source(componentSource("app", [["a", a]]), [a])],
          [a, source(componentSource("a", [["b", b]]), [b])],
          [b, source(componentSource("b", [["a", a]]), [a])],
        ]),
      ),
    ).rejects.toThrow(/cycle/);
  });

  it("refuses a convex.config without a definition as its default export", async () => {
    await expect(
      evaluateDefinitions(new Map([["", source("export default 42;")]])),
    ).rejects.toThrow(/must export default defineApp\(\) or defineComponent\(\)/);
  });
});
