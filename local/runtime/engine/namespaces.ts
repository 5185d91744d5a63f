// Components' tables live beside the app's in one store, under qualified names: the app's
// `emails` stays `emails`, the resend component's is `resend/emails`, and a nested one's
// `resend/emailWorkpool/_scheduled_functions`. Table and component names cannot contain `/`,
// so the last segment is always the table. Every store the engine keeps (documents by table,
// indexes, read sets, commits, table numbers in ids) is keyed by these names, so conflicts and
// subscriptions work across components unchanged; a component's functions see only their own
// tables, under their own names.
import { tableOfId, type TableNumbers } from "../ids.js";

/** The app's own component path. */
export const ROOT = "";

/** The stored name of `table` of the component at `componentPath`. */
export function qualify(componentPath: string, table: string): string {
  return componentPath === ROOT ? table : `${componentPath}/${table}`;
}

/** The component path and the local name of a stored table name. */
export function splitStored(stored: string): { componentPath: string; table: string } {
  const slash = stored.lastIndexOf("/");
  return slash < 0
    ? { componentPath: ROOT, table: stored }
    : { componentPath: stored.slice(0, slash), table: stored.slice(slash + 1) };
}

/** Whether a stored table is some component's (or the app's) `_scheduled_functions`. */
export function isScheduledFunctionsTable(stored: string): boolean {
  return splitStored(stored).table === "_scheduled_functions";
}

/**
 * The local name of an id's table as the component at `componentPath` sees it: null for a
 * malformed id and for an id of another component's table (as on Convex, a component cannot
 * name another's documents).
 */
export function localTableOfId(
  tables: TableNumbers,
  componentPath: string,
  id: string,
): string | null {
  const stored = tableOfId(tables, id);
  if (stored === null) return null;
  const { componentPath: owner, table } = splitStored(stored);
  return owner === componentPath ? table : null;
}
