// Scheduled functions: `ctx.scheduler` writes a `_scheduled_functions` document (the source
// of truth; the runtime's Scheduler, scheduler.ts, arms timers from committed jobs), and a due
// job runs here, a mutation exactly once and an action at most once, even across a crash.
import type { convexTest } from "convex-test-engine";
import { makeFunctionReference } from "convex/server";
import {
  convexToJson,
  getConvexSize,
  jsonToConvex,
  type JSONValue,
  type Value,
} from "convex/values";
import {
  insertDocument,
  patchDocument,
  readDocument,
  trackScheduledFunction,
} from "../convexTest/database.js";
import type { ConvexTestDatabase, ConvexTestTransactions } from "../convexTest/shapes.js";
import { isError } from "../isolateScope.js";
import { logExecution } from "../log.js";
import type { Engine } from "./engine.js";
import { execStorage, newExecContext } from "./execution.js";
import { functionHandle, parseFunctionHandle } from "../convexTest/functions.js";
import { isScheduledFunctionsTable, qualify, ROOT, splitStored } from "./namespaces.js";
import { tableOf, type Doc, type StoredState } from "./state.js";
import { withOccRetries } from "./transactions.js";

/** A function address as `ctx.scheduler` passes it (convex/server's getFunctionAddress). */
interface FunctionAddress {
  name?: string;
  reference?: string;
  functionHandle?: string;
}

/**
 * The component and function an address names, seen from the component at `current`: a name
 * is relative to it, a reference (`components.x.dir.fn`) names a child, a handle is absolute.
 */
export function resolveAddress(
  address: FunctionAddress,
  current: string,
): { componentPath: string; udfPath: string } {
  if (address.functionHandle !== undefined) {
    const parsed = parseFunctionHandle(address.functionHandle);
    if (!parsed) throw new Error(`Invalid function handle "${address.functionHandle}".`);
    return parsed;
  }
  if (address.name !== undefined) return { componentPath: current, udfPath: address.name };
  if (address.reference !== undefined) {
    // "_reference/childComponent/<child>/<dir…>/<fn>"
    const [, kind, child, ...rest] = address.reference.split("/");
    const fn = rest.pop();
    if (kind !== "childComponent" || !child || !fn)
      throw new Error(`Unsupported function reference "${address.reference}".`);
    return { componentPath: qualify(current, child), udfPath: `${rest.join("/")}:${fn}` };
  }
  throw new Error("A scheduled function needs a name, a reference or a function handle.");
}

/** A `_scheduled_functions` document; `component` is set when the target is another component's. */
type Job = Doc & {
  name: string;
  args: Value[];
  component?: string;
  state: { kind: string };
};

/** The scheduled jobs of one engine. */
export class ScheduledJobs {
  constructor(
    private readonly state: StoredState,
    /** The database of the app (`""`) or of a component: jobs live in the scheduling one's. */
    private readonly databaseOf: (componentPath: string) => ConvexTestDatabase,
    private readonly tm: ConvexTestTransactions,
    private readonly t: ReturnType<typeof convexTest>,
    /** Runs an action job, and finds a job's function. */
    private readonly engine: Pick<Engine, "run" | "findFunction">,
  ) {}

  // Replaces convex-test's setTimeout-based scheduling: the job document is the source of
  // truth and the runtime's Scheduler arms timers from committed jobs. As on Convex, a job is
  // stored in the `_scheduled_functions` of the component that schedules it (work pools read
  // their own jobs); it may run a function of another component (a handle, a child's reference).
  schedule(jsonArgs: string, current: string): string {
    const { args, ts, ...address } = JSON.parse(jsonArgs) as FunctionAddress & {
      args: JSONValue;
      ts: number;
    };
    const target = resolveAddress(address, current);
    const parsedArgs = jsonToConvex(args);
    trackScheduledFunction(this.tm, getConvexSize(parsedArgs));
    const id = insertDocument(this.databaseOf(current), "_scheduled_functions", {
      args: [parsedArgs],
      name: target.udfPath,
      scheduledTime: ts * 1000,
      state: { kind: "pending" },
      ...(target.componentPath !== current ? { component: target.componentPath } : {}),
    });
    return JSON.stringify(convexToJson(id));
  }

  /**
   * Runs a due scheduled job. A mutation runs in the same transaction that marks the job done,
   * so a crash can never run it twice; an action is marked in progress first (at most once).
   */
  async runScheduledJob(jobId: string): Promise<void> {
    const job = this.state.documents[jobId] as Job | undefined;
    if (!job || job.state?.kind !== "pending") return;
    const owner = splitStored(tableOf(this.state, jobId)).componentPath;
    const target = job.component ?? owner;
    const db = this.databaseOf(owner);
    const fn = await this.engine.findFunction(job.name, target);
    const args = convexToJson(job.args[0] ?? {});
    const shownPath = target === ROOT ? job.name : `${target}:${job.name}`;
    const setState = (stateValue: Record<string, Value>, completed: boolean) =>
      withOccRetries(() =>
        this.t.run(async () => {
          patchDocument(db, "_scheduled_functions", jobId, {
            state: stateValue,
            ...(completed ? { completedTime: Date.now() } : {}),
          });
        }),
      );
    if (!fn) {
      await setState({ kind: "failed", error: `Function ${shownPath} not found` }, true);
      return;
    }
    if (fn.isMutation) {
      const ctx = newExecContext("scheduled", shownPath);
      const started = performance.now();
      let failure: string | undefined;
      const ref =
        target === ROOT ? makeFunctionReference(job.name) : functionHandle(target, job.name);
      await execStorage.run(ctx, () =>
        withOccRetries(() =>
          this.t.run(async (mutationCtx: any) => {
            failure = undefined;
            const current = readDocument(db, "_scheduled_functions", jobId) as Job | null;
            if (!current || current.state.kind !== "pending") return;
            try {
              await mutationCtx.runMutation(ref, jsonToConvex(args));
              patchDocument(db, "_scheduled_functions", jobId, {
                state: { kind: "success" },
                completedTime: Date.now(),
              });
            } catch (e) {
              failure = isError(e) ? e.message : String(e);
              patchDocument(db, "_scheduled_functions", jobId, {
                state: { kind: "failed", error: failure },
                completedTime: Date.now(),
              });
            }
          }),
        ),
      );
      logExecution({
        kind: "scheduled",
        path: shownPath,
        durationMs: performance.now() - started,
        error: failure,
        logLines: ctx.logLines,
      });
      return;
    }
    await setState({ kind: "inProgress" }, false);
    const outcome = await this.engine.run("action", job.name, args, null, {
      logKind: "scheduled",
      ...(target === ROOT ? {} : { componentPath: target }),
    });
    await setState(
      outcome.ok ? { kind: "success" } : { kind: "failed", error: outcome.errorMessage },
      true,
    );
  }

  /** Marks jobs that were running when the process stopped as failed (actions run at most once). */
  async failInterruptedJobs(): Promise<number> {
    let count = 0;
    for (const [table, ids] of this.state.byTable) {
      if (!isScheduledFunctionsTable(table)) continue;
      const db = this.databaseOf(splitStored(table).componentPath);
      const interrupted = [...ids].filter(
        (id) => (this.state.documents[id] as Job | undefined)?.state?.kind === "inProgress",
      );
      for (const id of interrupted) {
        await this.t.run(async () => {
          patchDocument(db, "_scheduled_functions", id, {
            state: { kind: "failed", error: "Interrupted by a restart of the local runtime" },
            completedTime: Date.now(),
          });
        });
      }
      count += interrupted.length;
    }
    return count;
  }
}
