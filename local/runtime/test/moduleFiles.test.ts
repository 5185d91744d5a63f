// Which files of a functions folder are function modules: the Convex CLI's rules, including
// that a folder with its own convex.config.ts is a component's definition, not app functions.
import { afterAll, expect, test } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { listModuleFiles } from "../bundle.js";

const root = mkdtempSync(path.join(tmpdir(), "module-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text = "export const x = 1;\n") {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

test("function modules: not tests, schema, generated code, or a nested component's folder", () => {
  write("messages.ts");
  write("model/users.ts");
  write("schema.ts");
  write("auth.config.ts");
  write("messages.test.ts");
  write("_generated/api.js");
  write("notes.d.ts");
  write("README.md", "# not code");
  write("plain.ts", "// no imports or exports\nconst y = 2;\n");
  // A component kept in the repository: the CLI skips its folder ("Skipping component directory").
  write("counter/convex.config.ts", 'export default defineComponent("counter");\n');
  write("counter/public.ts");
  write("counter/lib/deep.ts");
  const rels = listModuleFiles(root).map((file) => path.relative(root, file));
  expect(rels).toEqual(["messages.ts", path.join("model", "users.ts")]);
});
