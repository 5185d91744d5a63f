// A process clock that can be moved, for tests and demos that need "seven days later" now.
// Replacing the global Date shifts every reader in the process consistently: functions,
// commit timestamps, the scheduler and token checks. Real Convex has no such control: it is
// reachable only through the local runtime's admin API.
//
// Components see the clock at the furthest it was ever moved to: moving it back is a test
// affordance for the app, and a component that keeps time-ordered state (a work pool's
// cursors) would otherwise wait until real time caught up. Their jobs' times are in their
// time (see componentClockLead).
const RealDate = Date;
let offsetMs = 0;
let furthestOffsetMs = 0;
let inComponent: () => boolean = () => false;
let installed = false;
const listeners = new Set<() => void>();

export function installShiftableClock() {
  if (installed) return;
  installed = true;
  class ShiftableDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + currentOffset());
      else super(...(args as [number]));
    }
    static override now() {
      return RealDate.now() + currentOffset();
    }
  }
  globalThis.Date = ShiftableDate as DateConstructor;
}

const currentOffset = () => (inComponent() ? furthestOffsetMs : offsetMs);

export function clockOffset(): number {
  return offsetMs;
}

/** The furthest offset the clock was ever moved to (what components see). */
export function furthestClockOffset(): number {
  return furthestOffsetMs;
}

/** How far components' time is ahead of the app's (0 unless the clock was moved back). */
export function componentClockLead(): number {
  return furthestOffsetMs - offsetMs;
}

/** The app's time, wherever it is read from (a component's function included). */
export function appNow(): number {
  return RealDate.now() + offsetMs;
}

/** Tells the clock how to know that a component's function is reading it. */
export function setComponentClockContext(isComponent: () => boolean) {
  inComponent = isComponent;
}

/** After a restart: the furthest offset reached before it. */
export function restoreFurthestClockOffset(offset: number) {
  if (Number.isFinite(offset)) furthestOffsetMs = Math.max(furthestOffsetMs, offset);
}

/** Moves the clock to real time + `offset` ms and tells listeners (e.g. to re-arm timers). */
export function setClockOffset(offset: number) {
  if (!Number.isFinite(offset))
    throw new Error("The clock offset must be a number of milliseconds");
  offsetMs = offset;
  furthestOffsetMs = Math.max(furthestOffsetMs, offset);
  for (const listener of listeners) listener();
}

export function onClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
