// The syscalls the engine answers itself before convex-test does: ids of Convex's format
// (`normalizeId`), scheduling (scheduledJobs.ts), file storage (files.ts), and pages of a
// paginated query, which honour its journal: a re-run reads up to the end cursor its first
// run reached, so the page does not grow or shrink under its subscribers.
import { wrapSyscalls } from "../convexTest/functions.js";
import type { ConvexTestGlobal } from "../convexTest/shapes.js";
import { currentComponentPath } from "../convexTest/inventory.js";
import { localTableOfId } from "./namespaces.js";
import { execStorage } from "./execution.js";
import type { Files } from "./files.js";
import type { ScheduledJobs } from "./scheduledJobs.js";
import type { StoredState } from "./state.js";

export function installSyscallHooks(
  convexGlobal: ConvexTestGlobal,
  state: StoredState,
  files: Files,
  jobs: ScheduledJobs,
) {
  const currentComponent = () => currentComponentPath();
  wrapSyscalls(convexGlobal, {
    syscall: (op, jsonArgs, original) => {
      if (op === "1.0/db/normalizeId") {
        // As on Convex: the id, when it is a well-formed id of that very table of the calling
        // component (or the app); else null.
        const { table, idString } = JSON.parse(jsonArgs) as { table: string; idString: string };
        const owner = localTableOfId(state.tables, currentComponent(), idString);
        return JSON.stringify({ id: owner !== null && owner === table ? idString : null });
      }
      return original(op, jsonArgs);
    },
    asyncSyscall: async (op, jsonArgs, original) => {
      if (op === "1.0/schedule") return jobs.schedule(jsonArgs, currentComponent());
      if (op === "1.0/queryPage") return paginateWithJournal(original, jsonArgs);
      if (op === "1.0/storageGenerateUploadUrl") return JSON.stringify(files.uploadUrl());
      if (op === "1.0/storageGetUrl") return JSON.stringify(files.storageUrl(jsonArgs));
      if (op === "1.0/storageGetMetadata") return JSON.stringify(files.storageMetadata(jsonArgs));
      return original(op, jsonArgs);
    },
    jsSyscall: async (op, args, original) => {
      if (op === "storage/storeBlob") {
        const { blob, options } = args as { blob: Blob; options?: { sha256?: string } };
        const bytes = new Uint8Array(await blob.arrayBuffer());
        return files.storeFile(bytes, blob.type || null, options?.sha256);
      }
      if (op === "storage/getBlob") {
        const file = files.readFile(String(args.storageId), true);
        return file
          ? new Blob([new Uint8Array(file.bytes)], { type: file.contentType ?? "" })
          : null;
      }
      return original(op, args);
    },
  });
}

// The engine's cursors: null (the start), "_end_cursor", or a JSON array of the sort key's
// encoded values.
function isValidCursor(cursor: unknown): boolean {
  if (cursor === null || cursor === undefined || cursor === "_end_cursor") return true;
  if (typeof cursor !== "string") return false;
  try {
    const keys = JSON.parse(cursor) as unknown;
    if (!Array.isArray(keys) || keys.length === 0) return false;
    for (const key of keys) {
      if (key === null) continue;
      if (typeof key !== "string") return false;
      JSON.parse(key);
    }
    return true;
  } catch {
    return false;
  }
}

async function paginateWithJournal(
  original: (op: string, jsonArgs: string) => Promise<string>,
  jsonArgs: string,
): Promise<string> {
  const { cursor } = JSON.parse(jsonArgs) as { cursor?: unknown };
  // Convex rejects a cursor it cannot decode before reading anything.
  if (!isValidCursor(cursor)) throw new Error("Failed to parse cursor");
  const ctx = execStorage.getStore();
  if (!ctx || ctx.kind !== "query" || ctx.paginated) return original("1.0/queryPage", jsonArgs);
  ctx.paginated = true;
  const args = JSON.parse(jsonArgs) as { endCursor?: string | null };
  if (args.endCursor == null && ctx.journalIn?.endCursor) {
    args.endCursor = ctx.journalIn.endCursor;
    jsonArgs = JSON.stringify(args);
  }
  const result = await original("1.0/queryPage", jsonArgs);
  const { continueCursor } = JSON.parse(result) as { continueCursor: string };
  ctx.journalOut = { endCursor: args.endCursor ?? continueCursor };
  return result;
}
