// Ids for the "unknown id" and "malformed id" cases. An unknown id is a well-formed id of the
// right table that names no document: made with the runtime's id codec (Convex's id format),
// from a real id's table number and a document counter no document has.
import { TableNumbers, decodeId, encodeId } from "../../../local/runtime/ids.js";

export function unknownIdLike(realId: string): string {
  const decoded = decodeId(realId);
  if (decoded === null) throw new Error(`${realId} is not an id`);
  const tables = new TableNumbers();
  tables.set("t", decoded.tableNumber);
  return encodeId(tables, "t", 2 ** 40 + Math.floor(Math.random() * 1e6));
}

/** Strings that are no id of any table, as a client might send them. */
export const MALFORMED_IDS = ["not-an-id", "123", "__proto__", "j57" + "0".repeat(29)];
