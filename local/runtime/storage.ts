// File storage bytes. Files are kept by content (the hex SHA-256 of their bytes) in
// `<data>/storage/`, beside the documents: the bytes are written and fsynced *before* the
// `_storage` document that names them is committed, so an acknowledged file survives kill -9,
// and a crash in between leaves only an unreferenced file that the next start removes.
// Deleting a file's last `_storage` document frees its bytes.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";

// Convex's upload URLs are valid for one hour.
const UPLOAD_URL_TTL_MS = 60 * 60 * 1000;

export interface StoredBlob {
  /** SHA-256 of the bytes, base64 (as in `_storage` documents). */
  sha256: string;
  size: number;
}

export function sha256Hex(base64: string): string {
  return Buffer.from(base64, "base64").toString("hex");
}

export class BlobStore {
  private readonly dir: string | null;
  private readonly memory = new Map<string, Buffer>();
  /** Hashes being uploaded: their files must not be freed before their document commits. */
  private readonly pending = new Map<string, number>();
  private readonly secret: Buffer;

  /** `dataDir` null keeps the bytes in memory (the start-up self-test). */
  constructor(dataDir: string | null) {
    if (dataDir === null) {
      this.dir = null;
      this.secret = randomBytes(32);
      return;
    }
    this.dir = path.join(dataDir, "storage");
    mkdirSync(this.dir, { recursive: true });
    // Upload URLs stay valid across restarts, as on Convex.
    const keyFile = path.join(dataDir, "storage.key");
    if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString("hex"));
    this.secret = Buffer.from(readFileSync(keyFile, "utf8").trim(), "hex");
  }

  /** Stores bytes durably; call `settle()` once their document is committed (or failed). */
  put(bytes: Uint8Array): StoredBlob & { settle: () => void } {
    const digest = createHash("sha256").update(bytes).digest();
    const hex = digest.toString("hex");
    this.pending.set(hex, (this.pending.get(hex) ?? 0) + 1);
    if (this.dir === null) {
      this.memory.set(hex, Buffer.from(bytes));
    } else {
      const file = path.join(this.dir, hex);
      if (!existsSync(file)) {
        const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
        const fd = openSync(tmp, "w");
        try {
          writeSync(fd, bytes);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        renameSync(tmp, file);
        syncDir(this.dir);
      }
    }
    let settled = false;
    return {
      sha256: digest.toString("base64"),
      size: bytes.byteLength,
      settle: () => {
        if (settled) return;
        settled = true;
        const count = (this.pending.get(hex) ?? 1) - 1;
        if (count <= 0) this.pending.delete(hex);
        else this.pending.set(hex, count);
      },
    };
  }

  /** The bytes with this base64 SHA-256, or null when they are gone. */
  read(sha256: string): Buffer | null {
    const hex = sha256Hex(sha256);
    if (this.dir === null) return this.memory.get(hex) ?? null;
    try {
      return readFileSync(path.join(this.dir, hex));
    } catch {
      return null;
    }
  }

  /** Frees the bytes of a deleted file unless another document or an upload still uses them. */
  release(sha256: string, stillReferenced: (sha256: string) => boolean) {
    const hex = sha256Hex(sha256);
    if (this.pending.has(hex) || stillReferenced(sha256)) return;
    if (this.dir === null) this.memory.delete(hex);
    else rmSync(path.join(this.dir, hex), { force: true });
  }

  /** Removes files that no document references (left by a crash between write and commit). */
  collectGarbage(referenced: Set<string>): number {
    if (this.dir === null) return 0;
    const keep = new Set([...referenced].map(sha256Hex));
    let removed = 0;
    for (const name of readdirSync(this.dir)) {
      if (keep.has(name)) continue;
      rmSync(path.join(this.dir, name), { force: true });
      removed += 1;
    }
    return removed;
  }

  /** A signed, expiring token for an upload URL. */
  uploadToken(now = Date.now()): string {
    const payload = Buffer.from(
      JSON.stringify({ exp: now + UPLOAD_URL_TTL_MS, n: randomBytes(8).toString("hex") }),
    ).toString("base64url");
    return `${payload}.${this.sign(payload)}`;
  }

  /** Null when the token is good; otherwise why not. */
  checkUploadToken(token: string | null, now = Date.now()): string | null {
    if (!token) return "Missing upload token";
    const [payload, signature] = token.split(".");
    if (!payload || !signature) return "Invalid upload token";
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      return "Invalid upload token";
    const { exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      exp: number;
    };
    if (now > exp) return "Upload URL has expired";
    return null;
  }

  private sign(payload: string): string {
    return createHmac("sha256", this.secret).update(payload).digest("base64url");
  }
}

function syncDir(dir: string) {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every platform can fsync a directory.
  }
}
