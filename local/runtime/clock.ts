// A process clock that can be moved, for tests and demos that need "seven days later" now.
// Replacing the global Date shifts every reader in the process consistently: functions,
// commit timestamps, the scheduler and token checks. Real Convex has no such control: it is
// reachable only through the local runtime's admin API.
const RealDate = Date;
let offsetMs = 0;
let installed = false;
const listeners = new Set<() => void>();

export function installShiftableClock() {
  if (installed) return;
  installed = true;
  class ShiftableDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as [number]));
    }
    static override now() {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = ShiftableDate as DateConstructor;
}

export function clockOffset(): number {
  return offsetMs;
}

/** Moves the clock to real time + `offset` ms and tells listeners (e.g. to re-arm timers). */
export function setClockOffset(offset: number) {
  if (!Number.isFinite(offset))
    throw new Error("The clock offset must be a number of milliseconds");
  offsetMs = offset;
  for (const listener of listeners) listener();
}

export function onClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
