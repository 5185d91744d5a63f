// Vitest set-up for the convex-test suites (vite.config.ts). convex-test runs each scheduled
// function on a real setTimeout, and Node fires any delay above 2^31−1 ms (24.8 days) after 1 ms
// instead: a 30-day idea's closing job would run at once, find its deadline not reached, and
// reschedule itself, again and again in the background of every test. Here such a timer simply
// does not fire while a test runs, as on Convex; suites that need it move fake time.
//
// It also counts the timers that are due at once (delay 0: a job scheduled for now or the
// past), so that test.money.ts's runScheduled can wait for exactly those instead of yielding
// 20 event-loop turns whenever some job waits for a later time (convex-test's
// finishAllScheduledFunctions cannot tell the two apart).
const LONGEST_DELAY_MS = 2 ** 31 - 1;
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const dueNow = new Set<unknown>();

globalThis.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
  const ms = Math.min(Math.max(Number(delay) || 0, 0), LONGEST_DELAY_MS);
  if (ms > 0 || typeof handler !== "function") return realSetTimeout(handler, ms, ...args);
  const timer = realSetTimeout(
    (...a: unknown[]) => {
      dueNow.delete(timer);
      (handler as (...x: unknown[]) => void)(...a);
    },
    0,
    ...args,
  );
  dueNow.add(timer);
  return timer;
}) as typeof setTimeout;

globalThis.clearTimeout = ((timer?: Parameters<typeof clearTimeout>[0]) => {
  dueNow.delete(timer);
  realClearTimeout(timer);
}) as typeof clearTimeout;

/** Timers of delay 0 that have not fired yet. */
export const dueTimerCount = () => dueNow.size;
/** One real turn of the event loop (timers included). */
export const realTurn = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));
