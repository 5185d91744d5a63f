// File storage: `_storage` documents (size, sha256, content type) over a BlobStore
// (storage.ts) that keeps the bytes, written before their document commits. Upload and file
// URLs point at the runtime's own origin (httpApi.ts serves them).
import type { convexTest } from "convex-test-engine";
import type { JSONValue, Value } from "convex/values";
import { insertDocument, readDocument } from "../convexTest/database.js";
import type { ConvexTestDatabase } from "../convexTest/shapes.js";
import { sha256Hex, type BlobStore } from "../storage.js";
import type { Doc, StoredState } from "./state.js";
import { withOccRetries } from "./transactions.js";

/** The files of one engine. */
export class Files {
  constructor(
    private readonly state: StoredState,
    private readonly db: ConvexTestDatabase,
    private readonly t: ReturnType<typeof convexTest>,
    private readonly blobs: BlobStore,
    private readonly baseUrl: () => string,
    private readonly tableOfId: (id: string) => string | null,
  ) {}

  /** A URL to upload one file to (`generateUploadUrl`). */
  uploadUrl(): string {
    return `${this.baseUrl()}/api/storage/upload?token=${this.blobs.uploadToken()}`;
  }

  private storageDoc(storageId: string, track: boolean): Doc | null {
    if (this.tableOfId(storageId) !== "_storage") return null;
    return (
      (track ? readDocument(this.db, "_storage", storageId) : this.state.documents[storageId]) ??
      null
    );
  }

  storageUrl(jsonArgs: string): string | null {
    const { storageId } = JSON.parse(jsonArgs) as { storageId: string };
    if (!this.storageDoc(storageId, true)) return null;
    return `${this.baseUrl()}/api/storage/${storageId}`;
  }

  storageMetadata(jsonArgs: string): JSONValue {
    const { storageId } = JSON.parse(jsonArgs) as { storageId: string };
    const doc = this.storageDoc(storageId, true) as
      (Doc & { sha256: string; size: number; contentType?: string }) | null;
    if (!doc) return null;
    return {
      storageId,
      sha256: sha256Hex(doc.sha256),
      size: doc.size,
      contentType: doc.contentType ?? null,
    };
  }

  /**
   * Stores a file (an upload or `ctx.storage.store`): the bytes first, durably, then its
   * `_storage` document. Returns the storage id.
   */
  async storeFile(bytes: Uint8Array, contentType: string | null, sha256?: string): Promise<string> {
    const stored = this.blobs.put(bytes);
    try {
      if (sha256 !== undefined && sha256 !== stored.sha256 && sha256 !== sha256Hex(stored.sha256))
        throw new Error(`Hash mismatch: the file's SHA-256 is not ${sha256}`);
      const fields: Record<string, Value> = { sha256: stored.sha256, size: stored.size };
      if (contentType) fields.contentType = contentType;
      return await withOccRetries(() =>
        this.t.run(async () => insertDocument(this.db, "_storage", fields)),
      );
    } finally {
      stored.settle();
    }
  }

  /** A stored file's bytes and content type; null when there is no such file. */
  readFile(
    storageId: string,
    track = false,
  ): { bytes: Buffer; contentType: string | null; sha256: string } | null {
    const doc = this.storageDoc(storageId, track) as
      (Doc & { sha256: string; contentType?: string }) | null;
    if (!doc) return null;
    const bytes = this.blobs.read(doc.sha256);
    if (!bytes) return null;
    return { bytes, contentType: doc.contentType ?? null, sha256: doc.sha256 };
  }

  /** The hashes of every stored file (for removing bytes nothing references). */
  storedHashes(): Set<string> {
    const hashes = new Set<string>();
    for (const id of this.state.byTable.get("_storage") ?? [])
      hashes.add((this.state.documents[id] as unknown as { sha256: string }).sha256);
    return hashes;
  }
}
