// No import loop in the backend (issue 35): the module graph of convex/, every `import` and
// `export … from` between its files (type-only ones too, which lint's import-x/no-cycle does not
// follow), has no cycle. The generated code is left out: `_generated/api` names every module by
// design, and modules reach each other through it only by reference (`internal.x.y`).
import { describe, expect, test } from "vitest";

const sources = import.meta.glob<string>(["./**/*.ts", "!./_generated/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The relative specifiers a module imports or re-exports from (static ones). */
export function specifiersOf(source: string): string[] {
  const found: string[] = [];
  const statement = /(?:^|\n)\s*(?:import|export)\b([^;]*?)\bfrom\s*"(\.[^"]+)"/g;
  const bare = /(?:^|\n)\s*import\s*"(\.[^"]+)"/g;
  for (const m of source.matchAll(statement)) found.push(m[2]!);
  for (const m of source.matchAll(bare)) found.push(m[1]!);
  return found;
}

function resolve(from: string, specifier: string): string | null {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.replace(/\.js$/, "").split("/")) {
    if (part === "." || part === "") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  const base = parts.join("/");
  for (const candidate of [`${base}.ts`, `${base}/index.ts`])
    if (candidate in sources) return candidate;
  return null;
}

/** The strongly connected components of more than one module (or a module importing itself). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe("the backend's module graph", () => {
  const graph = new Map<string, string[]>();
  for (const [file, source] of Object.entries(sources))
    graph.set(
      file,
      specifiersOf(source).flatMap((s) => resolve(file, s) ?? []),
    );

  test("is read whole: schema, money, notifications and the function modules are in it", () => {
    for (const file of [
      "./schema.ts",
      "./model/money/tables.ts",
      "./model/money/ledger.ts",
      "./model/notify.ts",
      "./functions.ts",
    ])
      expect(graph.get(file)?.length ?? 0).toBeGreaterThan(0);
    expect(graph.get("./schema.ts")).toContain("./model/money/tables.ts");
  });

  test("has no cycle (type-only imports included)", () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  test("a cycle is found when there is one (the check itself)", () => {
    const looped = new Map(graph);
    looped.set("./model/money/states.ts", [
      ...(graph.get("./model/money/states.ts") ?? []),
      "./schema.ts",
    ]);
    expect(cyclesOf(looped)).toEqual([
      ["./model/money/states.ts", "./model/money/tables.ts", "./schema.ts"],
    ]);
  });
});
