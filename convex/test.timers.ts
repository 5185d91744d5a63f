// Vitest set-up for the convex-test suites (vite.config.ts). convex-test runs each scheduled
// function on a real setTimeout, and Node fires any delay above 2^31−1 ms (24.8 days) after 1 ms
// instead: a 30-day idea's closing job would run at once, find its deadline not reached, and
// reschedule itself, again and again in the background of every test. Here such a timer simply
// does not fire while a test runs, as on Convex; suites that need it move fake time.
//
// It also counts the timers that are due at once (a job scheduled for now or the past: delay 0,
// or 1 ms, as convex-test 0.0.70 keeps a frozen clock's transactions a millisecond apart), so
// that test.money.ts's runScheduled can wait for exactly those instead of yielding 20 event-loop
// turns whenever some job waits for a later time (convex-test's finishAllScheduledFunctions
// cannot tell the two apart). Those run on the next turn (setImmediate), not after Node's 1 ms
// minimum delay: the money suites schedule tens of thousands of them.
const LONGEST_DELAY_MS = 2 ** 31 - 1;
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const dueNow = new Set<unknown>();

globalThis.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
  const ms = Math.min(Math.max(Number(delay) || 0, 0), LONGEST_DELAY_MS);
  if (ms > 1 || typeof handler !== "function") return realSetTimeout(handler, ms, ...args);
  const immediate = setImmediate(() => {
    dueNow.delete(immediate);
    (handler as (...x: unknown[]) => void)(...args);
  });
  dueNow.add(immediate);
  return immediate;
}) as unknown as typeof setTimeout;

globalThis.clearTimeout = ((timer?: Parameters<typeof clearTimeout>[0]) => {
  if (dueNow.delete(timer)) clearImmediate(timer as unknown as NodeJS.Immediate);
  else realClearTimeout(timer);
}) as typeof clearTimeout;

/** Jobs due now that have not run yet. */
export const dueTimerCount = () => dueNow.size;
/** One real turn of the event loop, after the due-now jobs queued so far. */
export const realTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
