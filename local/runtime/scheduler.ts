// Real-time scheduling: scheduled functions (from committed `_scheduled_functions` documents,
// so they survive restarts) and the crons of `crons.ts`.
import { CronExpressionParser } from "cron-parser";
import type { Engine } from "./engine/engine.js";
import { componentClockLead } from "./clock.js";
import { isScheduledFunctionsTable, splitStored } from "./engine/namespaces.js";
import type { CommittedWrite, Doc, StoredState } from "./engine/state.js";
import { runOutside } from "./engine/transactions.js";
import * as log from "./log.js";

// setTimeout overflows above 2^31-1 ms (24.8 days) and would fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

interface CronJob {
  name: string;
  args: unknown[];
  schedule: Record<string, any> & { type: string };
}

/**
 * A cron's schedule (as JSON, to notice changes) and its next run time: in the app's time for
 * the app's crons, in components' time (clock.ts) for a component's.
 */
export interface CronState {
  name: string;
  /** The component whose `crons.ts` declares it (absent: the app's). */
  component?: string;
  spec: string;
  next: number;
}

/** A cron's key among all crons: components' crons may share names with the app's. */
export const cronKey = (component: string | undefined, name: string) =>
  component ? JSON.stringify([component, name]) : name;
export type CronPersisted = Omit<CronState, "next"> & { next: number | null };

interface CronEntry {
  job: CronJob;
  /** The component that declared it; "" for the app. */
  componentPath: string;
  state: CronState;
  timer: NodeJS.Timeout | null;
  running: boolean;
}

export class Scheduler {
  private pending = new Map<string, number>();
  /** Pending jobs of components, whose times are in components' time (clock.ts). */
  private componentJobs = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private crons = new Map<string, CronEntry>();
  private persistCron: ((state: CronPersisted) => void) | null = null;
  private stopped = false;
  private running = new Set<Promise<void>>();

  constructor(private getEngine: () => Engine) {}

  /** Picks up every pending job of a restored database. */
  restore(state: StoredState) {
    // The app's jobs and every component's.
    for (const [table, ids] of state.byTable) {
      if (!isScheduledFunctionsTable(table)) continue;
      for (const id of ids) this.track(id, state.documents[id] ?? null, table);
    }
    this.arm();
  }

  onCommit(writes: CommittedWrite[]) {
    let changed = false;
    for (const write of writes) {
      if (!isScheduledFunctionsTable(write.table)) continue;
      this.track(write.id, write.doc, write.table);
      changed = true;
    }
    if (changed) runOutside(() => this.arm());
  }

  private track(id: string, doc: Doc | null, table: string) {
    const job = doc as (Doc & { state: { kind: string }; scheduledTime: number }) | null;
    if (job && job.state.kind === "pending") {
      this.pending.set(id, job.scheduledTime);
      if (splitStored(table).componentPath !== "") this.componentJobs.add(id);
    } else {
      this.pending.delete(id);
      this.componentJobs.delete(id);
    }
  }

  /** When a pending job is due, in the app's time. */
  private dueTime(id: string, time: number): number {
    return this.componentJobs.has(id) ? time - componentClockLead() : time;
  }

  /** Recomputes the next timer (after the clock moved). */
  rearm() {
    this.arm();
  }

  private arm() {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let next = Infinity;
    for (const [id, time] of this.pending) next = Math.min(next, this.dueTime(id, time));
    if (next === Infinity) return;
    const delay = Math.min(Math.max(0, next - Date.now()), MAX_TIMER_MS);
    this.timer = setTimeout(() => this.fireDue(), delay);
  }

  private fireDue() {
    this.timer = null;
    const now = Date.now();
    const due = [...this.pending.entries()]
      .map(([id, time]): [string, number] => [id, this.dueTime(id, time)])
      .filter(([, time]) => time <= now)
      .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    for (const [id] of due) {
      this.pending.delete(id);
      this.componentJobs.delete(id);
      this.trackRun(this.getEngine().jobs.runScheduledJob(id));
    }
    this.arm();
  }

  private trackRun(promise: Promise<void>) {
    const tracked = promise
      .catch((e: unknown) => log.error("Scheduled function crashed the runner", e))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /**
   * (Re)reads the crons declared by the app's `crons.ts` and by each installed component's, and
   * arms them. Each cron keeps its next run time (`saved`, persisted through `persist`) across
   * reloads and restarts, as Convex's `_cron_jobs` do: only a new or changed schedule gets a
   * fresh one. A cron persisted with `next: null` was removed.
   */
  async startCrons(saved: Map<string, CronState>, persist: (state: CronPersisted) => void) {
    const engine = this.getEngine();
    const declared: { componentPath: string; crons: Record<string, CronJob> }[] = [];
    for (const componentPath of [
      "",
      ...(engine.app.components ?? []).map((c) => c.componentPath),
    ]) {
      const modules =
        componentPath === ""
          ? engine.app.modules
          : engine.app.components!.find((c) => c.componentPath === componentPath)!.modules;
      if (!modules.paths.includes("crons")) continue;
      const exported = (await engine.sharedModule("crons", componentPath)).default as
        { crons?: Record<string, CronJob> } | undefined;
      if (exported?.crons) declared.push({ componentPath, crons: exported.crons });
    }
    for (const entry of this.crons.values()) if (entry.timer) clearTimeout(entry.timer);
    const previous = this.crons;
    this.crons = new Map();
    for (const { componentPath, crons } of declared) {
      const now = Date.now() + lead(componentPath);
      for (const [name, job] of Object.entries(crons)) {
        const key = cronKey(componentPath, name);
        const spec = JSON.stringify(job.schedule);
        let state = saved.get(key);
        if (!state || state.spec !== spec) {
          state = { name, spec, next: firstRun(job.schedule, now) };
          if (componentPath) state.component = componentPath;
          saved.set(key, state);
          persist(state);
        }
        this.crons.set(key, {
          job,
          componentPath,
          state,
          timer: null,
          running: previous.get(key)?.running ?? false,
        });
      }
    }
    for (const [key, state] of [...saved]) {
      if (this.crons.has(key)) continue;
      saved.delete(key);
      persist({ ...state, spec: "", next: null });
    }
    this.persistCron = persist;
    this.armCrons();
    for (const { componentPath, crons } of declared)
      log.info(
        `crons${componentPath ? ` of ${componentPath}` : ""}: ${Object.keys(crons).join(", ") || "none"}`,
      );
  }

  /**
   * After the clock moved backwards (only possible locally): a cron whose next run is now
   * further away than one period is brought back to its first run after now.
   */
  pullCronsBack() {
    for (const entry of this.crons.values()) {
      const now = Date.now() + lead(entry.componentPath);
      const latest =
        entry.job.schedule.type === "interval"
          ? now + Math.max(1, intervalMs(entry.job.schedule))
          : nextOccurrence(entry.job.schedule, now);
      if (entry.state.next <= latest) continue;
      entry.state.next = latest;
      this.persistCron?.(entry.state);
    }
  }

  /** Arms every cron from its stored next run time (after a start, reload or clock move). */
  armCrons() {
    for (const name of this.crons.keys()) this.armCron(name);
  }

  private armCron(name: string) {
    const entry = this.crons.get(name);
    if (!entry || this.stopped) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    if (entry.running) return;
    const now = Date.now() + lead(entry.componentPath);
    const wait = Math.min(Math.max(0, entry.state.next - now), MAX_TIMER_MS);
    entry.timer = setTimeout(() => this.fireCron(name, entry), wait);
  }

  // A due cron runs once, however many of its runs were missed (Convex's rule); its next run
  // is the schedule's first time after now. The next time is persisted before the run, so a
  // crash can skip a run but never repeat one.
  private fireCron(name: string, entry: CronEntry) {
    entry.timer = null;
    if (this.stopped || this.crons.get(name) !== entry) return;
    const now = Date.now() + lead(entry.componentPath);
    if (now < entry.state.next) return this.armCron(name);
    entry.running = true;
    entry.state.next = followingRun(entry.job.schedule, entry.state.next, now);
    this.persistCron?.(entry.state);
    const engine = this.getEngine();
    this.trackRun(
      engine
        .findFunction(entry.job.name, entry.componentPath)
        .then(async (registered) => {
          const shown = `${entry.componentPath ? `${entry.componentPath}: ` : ""}${entry.state.name}`;
          if (!registered) return log.warn(`Cron ${shown}: function ${entry.job.name} not found`);
          const kind = registered.isMutation ? "mutation" : "action";
          await engine.run(kind, entry.job.name, (entry.job.args[0] ?? {}) as any, null, {
            logKind: "cron",
            ...(entry.componentPath ? { componentPath: entry.componentPath } : {}),
          });
        })
        .finally(() => {
          entry.running = false;
          runOutside(() => this.armCron(name));
        }),
    );
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const entry of this.crons.values()) if (entry.timer) clearTimeout(entry.timer);
    await Promise.all(this.running);
  }
}

/** How far a component's time is ahead of the app's (its crons run in its time). */
const lead = (componentPath: string) => (componentPath ? componentClockLead() : 0);

function intervalMs(schedule: CronJob["schedule"]): number {
  return (
    ((schedule.seconds ?? 0) + (schedule.minutes ?? 0) * 60 + (schedule.hours ?? 0) * 3600) * 1000
  );
}

/** A new cron's first run: an interval runs at once (as on deploy to Convex), others next due. */
export function firstRun(schedule: CronJob["schedule"], now: number): number {
  return schedule.type === "interval" ? now : nextOccurrence(schedule, now);
}

/**
 * The run after one scheduled at `previous`, skipping every run already in the past at `now`
 * (Convex runs a cron at most once however late it is).
 */
export function followingRun(schedule: CronJob["schedule"], previous: number, now: number): number {
  if (schedule.type !== "interval") return nextOccurrence(schedule, now);
  const ms = Math.max(1, intervalMs(schedule));
  let next = previous + ms;
  if (next < now) next += Math.ceil((now - next) / ms) * ms;
  return next;
}

/** The first time after `now` that a clock schedule (cron, hourly, daily, …) fires, in UTC. */
function nextOccurrence(schedule: CronJob["schedule"], now: number): number {
  const minute = schedule.minuteUTC ?? 0;
  const expression =
    schedule.type === "cron"
      ? (schedule.cron as string)
      : schedule.type === "hourly"
        ? `${minute} * * * *`
        : schedule.type === "daily"
          ? `${minute} ${schedule.hourUTC} * * *`
          : schedule.type === "weekly"
            ? `${minute} ${schedule.hourUTC} * * ${schedule.dayOfWeek.slice(0, 3)}`
            : `${minute} ${schedule.hourUTC} ${schedule.day} * *`;
  return CronExpressionParser.parse(expression, { tz: "UTC", currentDate: new Date(now) })
    .next()
    .getTime();
}
