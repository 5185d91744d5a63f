// Scheduled functions: `ctx.scheduler` writes a `_scheduled_functions` document (the source
// of truth; the runtime's Scheduler, scheduler.ts, arms timers from committed jobs), and a due
// job runs here, a mutation exactly once and an action at most once, even across a crash.
import type { convexTest } from "convex-test";
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
import type { Doc, StoredState } from "./state.js";
import { withOccRetries } from "./transactions.js";

/** The scheduled jobs of one engine. */
export class ScheduledJobs {
  constructor(
    private readonly state: StoredState,
    private readonly db: ConvexTestDatabase,
    private readonly tm: ConvexTestTransactions,
    private readonly t: ReturnType<typeof convexTest>,
    /** Runs an action job, and finds a job's function. */
    private readonly engine: Pick<Engine, "run" | "findFunction">,
  ) {}

  // Replaces convex-test's setTimeout-based scheduling: the job document is the source of
  // truth and the runtime's Scheduler arms timers from committed jobs.
  schedule(jsonArgs: string): string {
    const { name, functionHandle, args, ts } = JSON.parse(jsonArgs) as {
      name?: string;
      functionHandle?: string;
      args: JSONValue;
      ts: number;
    };
    const udfPath = functionHandle ? functionHandle.split(";").slice(1).join(";") : name;
    if (!udfPath) throw new Error("The local runtime cannot schedule functions of components.");
    const parsedArgs = jsonToConvex(args);
    trackScheduledFunction(this.tm, getConvexSize(parsedArgs));
    const id = insertDocument(this.db, "_scheduled_functions", {
      args: [parsedArgs],
      name: udfPath,
      scheduledTime: ts * 1000,
      state: { kind: "pending" },
    });
    return JSON.stringify(convexToJson(id));
  }

  /**
   * Runs a due scheduled job. A mutation runs in the same transaction that marks the job done,
   * so a crash can never run it twice; an action is marked in progress first (at most once).
   */
  async runScheduledJob(jobId: string): Promise<void> {
    const job = this.state.documents[jobId] as any;
    if (!job || job.state?.kind !== "pending") return;
    const fn = await this.engine.findFunction(job.name);
    const args = convexToJson(job.args[0] ?? {});
    const setState = (stateValue: Record<string, Value>, completed: boolean) =>
      withOccRetries(() =>
        this.t.run(async () => {
          patchDocument(this.db, "_scheduled_functions", jobId, {
            state: stateValue,
            ...(completed ? { completedTime: Date.now() } : {}),
          });
        }),
      );
    if (!fn) {
      await setState({ kind: "failed", error: `Function ${job.name} not found` }, true);
      return;
    }
    if (fn.isMutation) {
      const ctx = newExecContext("scheduled", job.name);
      const started = performance.now();
      let failure: string | undefined;
      await execStorage.run(ctx, () =>
        withOccRetries(() =>
          this.t.run(async (mutationCtx: any) => {
            failure = undefined;
            const current = readDocument(this.db, "_scheduled_functions", jobId) as
              (Doc & { state: { kind: string } }) | null;
            if (!current || current.state.kind !== "pending") return;
            try {
              await mutationCtx.runMutation(makeFunctionReference(job.name), jsonToConvex(args));
              patchDocument(this.db, "_scheduled_functions", jobId, {
                state: { kind: "success" },
                completedTime: Date.now(),
              });
            } catch (e) {
              failure = isError(e) ? e.message : String(e);
              patchDocument(this.db, "_scheduled_functions", jobId, {
                state: { kind: "failed", error: failure },
                completedTime: Date.now(),
              });
            }
          }),
        ),
      );
      logExecution({
        kind: "scheduled",
        path: job.name,
        durationMs: performance.now() - started,
        error: failure,
        logLines: ctx.logLines,
      });
      return;
    }
    await setState({ kind: "inProgress" }, false);
    const outcome = await this.engine.run("action", job.name, args, null, { logKind: "scheduled" });
    await setState(
      outcome.ok ? { kind: "success" } : { kind: "failed", error: outcome.errorMessage },
      true,
    );
  }

  /** Marks jobs that were running when the process stopped as failed (actions run at most once). */
  async failInterruptedJobs(): Promise<number> {
    const interrupted = [...(this.state.byTable.get("_scheduled_functions") ?? [])].filter(
      (id) => (this.state.documents[id] as any)?.state?.kind === "inProgress",
    );
    for (const id of interrupted) {
      await this.t.run(async () => {
        patchDocument(this.db, "_scheduled_functions", id, {
          state: { kind: "failed", error: "Interrupted by a restart of the local runtime" },
          completedTime: Date.now(),
        });
      });
    }
    return interrupted.length;
  }
}
