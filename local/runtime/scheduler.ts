// Real-time scheduling: scheduled functions (from committed `_scheduled_functions` documents,
// so they survive restarts) and the crons of `crons.ts`.
import { CronExpressionParser } from "cron-parser";
import type { CommittedWrite, Doc, Engine, StoredState } from "./engine.js";
import { runOutside } from "./engine.js";
import * as log from "./log.js";

// setTimeout overflows above 2^31-1 ms (24.8 days) and would fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

interface CronJob {
  name: string;
  args: unknown[];
  schedule: Record<string, any> & { type: string };
}

export class Scheduler {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private cronTimers: NodeJS.Timeout[] = [];
  private stopped = false;
  private running = new Set<Promise<void>>();

  constructor(private getEngine: () => Engine) {}

  /** Picks up every pending job of a restored database. */
  restore(state: StoredState) {
    for (const id of state.byTable.get("_scheduled_functions") ?? []) {
      this.track(id, state.documents[id] ?? null);
    }
    this.arm();
  }

  onCommit(writes: CommittedWrite[]) {
    let changed = false;
    for (const write of writes) {
      if (write.table !== "_scheduled_functions") continue;
      this.track(write.id, write.doc);
      changed = true;
    }
    if (changed) runOutside(() => this.arm());
  }

  private track(id: string, doc: Doc | null) {
    const job = doc as (Doc & { state: { kind: string }; scheduledTime: number }) | null;
    if (job && job.state.kind === "pending") this.pending.set(id, job.scheduledTime);
    else this.pending.delete(id);
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
    for (const time of this.pending.values()) next = Math.min(next, time);
    if (next === Infinity) return;
    const delay = Math.min(Math.max(0, next - Date.now()), MAX_TIMER_MS);
    this.timer = setTimeout(() => this.fireDue(), delay);
  }

  private fireDue() {
    this.timer = null;
    const now = Date.now();
    const due = [...this.pending.entries()]
      .filter(([, time]) => time <= now)
      .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
    for (const [id] of due) {
      this.pending.delete(id);
      this.trackRun(this.getEngine().runScheduledJob(id));
    }
    this.arm();
  }

  private trackRun(promise: Promise<void>) {
    const tracked = promise
      .catch((e: unknown) => log.error("Scheduled function crashed the runner", e))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** (Re)starts the crons declared by the app's `crons.ts`. */
  async startCrons(lastRuns: Map<string, number>, onRun: (name: string, at: number) => void) {
    for (const timer of this.cronTimers) clearTimeout(timer);
    this.cronTimers = [];
    const engine = this.getEngine();
    const load = engine.app.modules.get("crons");
    if (!load) return;
    const crons = ((await load()).default as { crons?: Record<string, CronJob> } | undefined)
      ?.crons;
    if (!crons) return;
    for (const [identifier, job] of Object.entries(crons)) {
      const scheduleNext = () => {
        if (this.stopped) return;
        const at = nextRun(job.schedule, lastRuns.get(identifier) ?? null, Date.now());
        const wait = Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS);
        const timer = setTimeout(() => {
          if (Date.now() < at) return scheduleNext();
          lastRuns.set(identifier, Date.now());
          onRun(identifier, Date.now());
          const fn = this.getEngine();
          this.trackRun(
            fn.findFunction(job.name).then(async (registered) => {
              if (!registered)
                return log.warn(`Cron ${identifier}: function ${job.name} not found`);
              const kind = registered.isMutation ? "mutation" : "action";
              await fn.run(kind, job.name, (job.args[0] ?? {}) as any, null, { logKind: "cron" });
            }),
          );
          scheduleNext();
        }, wait);
        this.cronTimers.push(timer);
      };
      scheduleNext();
    }
    log.info(`crons: ${Object.keys(crons).join(", ") || "none"}`);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const timer of this.cronTimers) clearTimeout(timer);
    await Promise.all(this.running);
  }
}

/** The next time a Convex cron schedule fires after `now` (all schedules are in UTC). */
export function nextRun(
  schedule: CronJob["schedule"],
  lastRun: number | null,
  now: number,
): number {
  if (schedule.type === "interval") {
    const ms =
      ((schedule.seconds ?? 0) + (schedule.minutes ?? 0) * 60 + (schedule.hours ?? 0) * 3600) *
      1000;
    return lastRun === null ? now + ms : Math.max(now, lastRun + ms);
  }
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
