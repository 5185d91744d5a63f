// Transactions and concurrency, as on Convex: each transaction has its own pending writes,
// lock and limits tracker (convex-test's shared ones are routed to the running transaction's),
// records what it reads, and commits only if no commit since it started wrote any of that
// (optimistic concurrency control). A conflicting mutation is retried with Convex's backoff;
// a query whose reads changed while it ran is run again.
import { AsyncLocalStorage } from "node:async_hooks";
import { installTransactionHooks, routePendingWrites } from "../convexTest/database.js";
import type {
  ConvexTestDatabase,
  ConvexTestTransactions,
  TransactionSlots,
} from "../convexTest/shapes.js";
import { ReadSet } from "../indexes.js";
import { ConvexSystemError } from "../validation.js";
import type { CommittedWrite, Doc, StoredState } from "./state.js";

/**
 * One transaction's private state. convex-test keeps pending writes, its lock and its limits
 * tracker in shared fields and runs one transaction at a time; the engine gives each
 * transaction its own (through AsyncLocalStorage), so transactions run side by side and are
 * checked for conflicts when they commit, as on Convex.
 */
export interface Tx extends TransactionSlots {
  /** The app's pending writes per nesting level: convex-test's, routed here (routePendingWrites). */
  writes: Record<string, Doc | null>[];
  /** Each installed component's pending writes (its own database's), by component path. */
  componentWrites: Map<string, { writes: Record<string, Doc | null>[] }>;
  /** The last commit this transaction's reads may have seen. */
  snapshot: number;
  reads: ReadSet;
}
export const txStorage = new AsyncLocalStorage<Tx>();
function newTx(): Tx {
  return {
    writes: [],
    componentWrites: new Map(),
    waitOnCurrentFunction: null,
    markTransactionDone: null,
    metricsTracker: null,
    snapshot: 0,
    reads: new ReadSet(),
  };
}

/** A component's pending writes in `tx` (its slot is made on first use). */
export function componentWritesOf(tx: Tx, componentPath: string): { writes: Tx["writes"] } {
  let slot = tx.componentWrites.get(componentPath);
  if (!slot) tx.componentWrites.set(componentPath, (slot = { writes: [] }));
  return slot;
}

/** Every pending layer of `tx`: the app's and every component's (ids tell their tables apart). */
export function* pendingLayers(tx: Tx): Generator<Record<string, Doc | null>> {
  yield* tx.writes;
  for (const slot of tx.componentWrites.values()) yield* slot.writes;
}

/** Convex's retry limit and backoff for conflicting mutations (UDF_EXECUTOR_OCC_*). */
export const OCC_MAX_RETRIES = 4;
const OCC_INITIAL_BACKOFF_MS = 10;
const OCC_MAX_BACKOFF_MS = 2000;
const RECENT_COMMITS = 10_000;

/** A mutation's reads changed before it could commit (Convex's text). */
export class OccConflict extends ConvexSystemError {
  constructor(table: string, id: string, samePath: boolean, path: string | null) {
    super(
      `Documents read from or written to the table "${table}" changed while this mutation was being run and on every subsequent retry. ` +
        `${samePath ? "Another call to this mutation" : `A call to "${path ?? "another function"}"`} changed the document with ID "${id}".`,
    );
  }
}

/** Conflicts since the runtime started: retried, and given up after the last retry. */
export const occCounters = { retries: 0, failures: 0 };

/** Runs `attempt` in a fresh transaction, again (with Convex's backoff) after a conflict. */
export async function withOccRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await txStorage.run(newTx(), attempt);
    } catch (e) {
      if (!(e instanceof OccConflict)) throw e;
      if (retry >= OCC_MAX_RETRIES) {
        occCounters.failures += 1;
        throw e;
      }
      occCounters.retries += 1;
      const backoff = Math.min(OCC_MAX_BACKOFF_MS, OCC_INITIAL_BACKOFF_MS * 2 ** retry);
      await new Promise((resolve) => setTimeout(resolve, backoff * (0.5 + Math.random() / 2)));
    }
  }
}
/** Runs a callback outside every AsyncLocalStorage context (convex-test's included). */
export const runOutside: <R>(fn: () => R) => R = AsyncLocalStorage.snapshot();

/** The transactions of one engine over its state. */
export class Transactions {
  constructor(private readonly state: StoredState) {}

  /** The running transaction's private state (a shared one for callers outside any). */
  readonly current = (): Tx => txStorage.getStore() ?? this.defaultTx;
  private defaultTx: Tx = newTx();

  // Pending writes, the lock and the limits tracker become per-transaction fields.
  installTransactionHooks(
    db: ConvexTestDatabase,
    tm: ConvexTestTransactions,
    components: Map<string, ConvexTestDatabase>,
  ) {
    const state = this.state;
    this.defaultTx.writes = routePendingWrites(db, this.current);
    // A component's database keeps its pending writes in the running transaction's slot.
    for (const [componentPath, componentDb] of components)
      componentWritesOf(this.defaultTx, componentPath).writes = routePendingWrites(
        componentDb,
        () => componentWritesOf(this.current(), componentPath),
      );
    // Once per manager: after a code reload it is shared with the previous engine.
    installTransactionHooks(tm, {
      current: () => txStorage.getStore(),
      // A top-level transaction reads from the latest commit at its start.
      afterTopLevelBegin: () => {
        const current = txStorage.getStore();
        if (current) {
          current.snapshot = state.commitSeq;
          current.reads = new ReadSet();
        }
      },
    });
  }

  /** Throws Convex's conflict error when a commit since `tx` started wrote what it read. */
  validate(tx: Tx, path: string | null) {
    const commits = this.state.recentCommits;
    if (commits.length > 0 && commits[0]!.seq > tx.snapshot + 1) {
      const [first] = commits[0]!.writes;
      throw new OccConflict(first?.table ?? "", first?.id ?? "", false, commits[0]!.path);
    }
    for (let i = commits.length - 1; i >= 0 && commits[i]!.seq > tx.snapshot; i--) {
      for (const write of commits[i]!.writes) {
        if (tx.reads.touchedBy(write))
          throw new OccConflict(write.table, write.id, commits[i]!.path === path, commits[i]!.path);
      }
    }
  }

  /** Records a commit's writes, for the conflict checks of transactions still running. */
  recordCommit(path: string | null, writes: CommittedWrite[]) {
    const state = this.state;
    state.commitSeq += 1;
    state.recentCommits.push({
      seq: state.commitSeq,
      path,
      writes,
    });
    // Trimmed in batches, so a commit does not shift 10,000 entries each time.
    if (state.recentCommits.length > 2 * RECENT_COMMITS)
      state.recentCommits.splice(0, state.recentCommits.length - RECENT_COMMITS);
  }

  /**
   * Runs a query so that its result is that of one snapshot: queries run alongside
   * mutations, so a query whose reads changed while it ran is run again.
   */
  async runQueryAtSnapshot<T>(attempt: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries++) {
      const tx = newTx();
      const result = await txStorage.run(tx, attempt);
      try {
        this.validate(tx, null);
        return result;
      } catch (e) {
        if (!(e instanceof OccConflict) || tries >= OCC_MAX_RETRIES) return result;
      }
    }
  }

  /** An action's ctx whose runQuery/runMutation each get their own transaction. */
  isolateActionCtx(ctx: any): any {
    return {
      ...ctx,
      runQuery: (ref: unknown, args: unknown) =>
        this.runQueryAtSnapshot(() => ctx.runQuery(ref, args)),
      runMutation: (ref: unknown, args: unknown) =>
        withOccRetries(() => ctx.runMutation(ref, args)),
    };
  }
}
