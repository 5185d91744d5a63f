// Durable storage for the engine: a snapshot plus a write-ahead log. Every commit is appended
// to the log synchronously before anyone is told it happened, so an acknowledged write
// survives `kill -9`. On start the log is replayed over the snapshot and compacted.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { convexToJson, jsonToConvex, type JSONValue } from "convex/values";
import { counterOfId, decodeId } from "./ids.js";
import {
  emptyState,
  indexDocument,
  tableOf,
  type CommittedWrite,
  type Doc,
  type StoredState,
} from "./engine/state.js";

interface LogRecord {
  /** Commit timestamp (ns) as a decimal string. */
  ts: string;
  writes: [string, JSONValue | null][];
  /** The number of each table whose Convex-shaped ids this record holds. */
  tables?: Record<string, number>;
  /** Caller-defined data committed atomically with the writes. */
  tag?: JSONValue;
}

interface Snapshot {
  version: 1;
  nextDocId: number;
  lastCreationTime: number;
  lastCommitTs: string;
  documents: JSONValue[];
  tags: JSONValue[];
  /** Table numbers (absent in data written before Convex-shaped ids). */
  tables?: Record<string, number>;
}

const COMPACT_AFTER_BYTES = 32 << 20;

export class Persistence {
  private readonly snapshotFile: string;
  private readonly logFile: string;
  private fd: number | null = null;
  private logBytes = 0;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.snapshotFile = path.join(dataDir, "snapshot.json");
    this.logFile = path.join(dataDir, "wal.jsonl");
  }

  /** Loads the state and every tag committed with it (oldest first). */
  load(): { state: StoredState; tags: JSONValue[] } {
    const state = emptyState();
    const tags: JSONValue[] = [];
    if (existsSync(this.snapshotFile)) {
      const snapshot = JSON.parse(readFileSync(this.snapshotFile, "utf8")) as Snapshot;
      state.nextDocId = snapshot.nextDocId;
      state.lastCreationTime = snapshot.lastCreationTime;
      state.lastCommitTs = BigInt(snapshot.lastCommitTs);
      for (const [table, number] of Object.entries(snapshot.tables ?? {}))
        state.tables.set(table, number);
      for (const json of snapshot.documents) {
        const doc = jsonToConvex(json) as Doc;
        indexDocument(state, doc._id, doc);
      }
      tags.push(...snapshot.tags);
    }
    if (existsSync(this.logFile)) {
      const lines = readFileSync(this.logFile, "utf8").split("\n");
      for (const line of lines) {
        if (line.trim() === "") continue;
        let record: LogRecord;
        try {
          record = JSON.parse(line) as LogRecord;
        } catch {
          // A torn final line: the process died mid-append, before the write was acknowledged.
          break;
        }
        this.apply(state, record);
        if (record.tag !== undefined) tags.push(record.tag);
      }
    }
    return { state, tags };
  }

  private apply(state: StoredState, record: LogRecord) {
    const ts = BigInt(record.ts);
    if (ts > state.lastCommitTs) state.lastCommitTs = ts;
    for (const [table, number] of Object.entries(record.tables ?? {}))
      state.tables.set(table, number);
    for (const [id, json] of record.writes) {
      const doc = json === null ? null : (jsonToConvex(json) as Doc);
      indexDocument(state, id, doc);
      const counter = counterOfId(id);
      if (counter !== null && counter >= state.nextDocId) state.nextDocId = counter + 1;
      // The app's creation times only: components keep their own (their clock may be ahead,
      // see clock.ts), set when the engine starts.
      if (doc && doc._creationTime > state.lastCreationTime && !tableOf(state, id).includes("/"))
        state.lastCreationTime = doc._creationTime;
    }
  }

  /** Writes a fresh snapshot (atomically) and empties the log. */
  compact(state: StoredState, tags: JSONValue[]) {
    const snapshot: Snapshot = {
      version: 1,
      nextDocId: state.nextDocId,
      lastCreationTime: state.lastCreationTime,
      lastCommitTs: state.lastCommitTs.toString(),
      documents: Object.values(state.documents).map((doc) => convexToJson(doc)),
      tags,
      tables: state.tables.toJSON(),
    };
    const tmp = `${this.snapshotFile}.tmp`;
    const fd = openSync(tmp, "w");
    writeSync(fd, JSON.stringify(snapshot));
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.snapshotFile);
    if (this.fd !== null) closeSync(this.fd);
    this.fd = openSync(this.logFile, "w");
    this.logBytes = 0;
  }

  /** Appends one commit. Returns true when the log has grown enough to compact. */
  append(ts: bigint, writes: CommittedWrite[], tag?: JSONValue): boolean {
    if (this.fd === null) {
      this.fd = openSync(this.logFile, "a");
      this.logBytes = existsSync(this.logFile) ? statSync(this.logFile).size : 0;
    }
    const tables: Record<string, number> = {};
    for (const { id, table } of writes) {
      const number = decodeId(id)?.tableNumber;
      if (number !== undefined) tables[table] = number;
    }
    const record: LogRecord = {
      ts: ts.toString(),
      writes: writes.map(({ id, doc }) => [id, doc === null ? null : convexToJson(doc)]),
      tables,
      ...(tag !== undefined ? { tag } : {}),
    };
    const line = `${JSON.stringify(record)}\n`;
    writeSync(this.fd, line);
    this.logBytes += line.length;
    return this.logBytes > COMPACT_AFTER_BYTES;
  }

  close() {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
