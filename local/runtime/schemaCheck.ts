// Before new code runs over stored data, every stored document must match the schema, as on
// Convex: a push whose schema the existing documents do not match is refused ("Schema
// validation failed"), and the deployment keeps its previous code. Here the first start refuses
// to run, and a reload keeps the previous code (server.ts).
import type { BuiltApp } from "./bundle.js";
import { tableOfId } from "./ids.js";
import { ROOT, splitStored } from "./engine/namespaces.js";
import type { StoredState } from "./engine/state.js";
import { checkValue, type ValidatorJson } from "./validation.js";

interface SchemaJson {
  schemaValidation?: boolean;
  tables: { tableName: string; documentType: ValidatorJson | null }[];
}

/** The document types of a schema (`defineSchema(…)`), by table; empty without validation. */
function documentTypes(schema: unknown): Map<string, ValidatorJson> {
  const exported = (schema as { export?: () => string } | null)?.export?.();
  if (!exported) return new Map();
  const json = JSON.parse(exported) as SchemaJson;
  if (json.schemaValidation === false) return new Map();
  return new Map(
    json.tables.flatMap((t) => (t.documentType ? [[t.tableName, t.documentType] as const] : [])),
  );
}

/**
 * The first stored document (of the app or of a component) that does not match its table's
 * document type in `app`, as Convex words it; null when every document matches.
 */
export function schemaMismatch(app: BuiltApp, state: StoredState): string | null {
  const schemas = new Map<string, Map<string, ValidatorJson>>([[ROOT, documentTypes(app.schema)]]);
  for (const component of app.components ?? [])
    schemas.set(component.componentPath, documentTypes(component.schema));
  for (const [stored, ids] of state.byTable) {
    const { componentPath, table } = splitStored(stored);
    const documentType = schemas.get(componentPath)?.get(table);
    if (!documentType || ids.size === 0) continue;
    // A v.id() names a table of the document's own component.
    const knownTable = (id: string) => {
      const found = tableOfId(state.tables, id);
      if (found === null) return null;
      const split = splitStored(found);
      return split.componentPath === componentPath ? split.table : null;
    };
    const union: ValidatorJson =
      documentType.type === "union" ? documentType : { type: "union", value: [documentType] };
    for (const id of ids) {
      const { _id, _creationTime: _omitTime, ...fields } = state.documents[id]!;
      const problem = checkValue(union, fields, knownTable);
      if (problem !== null)
        return (
          `Schema validation failed.\nDocument with ID "${_id}" in table "${stored}" does not ` +
          `match the schema: ${problem}`
        );
    }
  }
  return null;
}
