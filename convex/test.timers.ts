// Vitest set-up for the convex-test suites (vite.config.ts). convex-test runs each scheduled
// function on a real setTimeout, and Node fires any delay above 2^31−1 ms (24.8 days) after 1 ms
// instead: a 30-day idea's closing job would run at once, find its deadline not reached, and
// reschedule itself, again and again in the background of every test. Here such a timer simply
// does not fire while a test runs, as on Convex; suites that need it move fake time.
const LONGEST_DELAY_MS = 2 ** 31 - 1;
const realSetTimeout = globalThis.setTimeout;

globalThis.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
  realSetTimeout(
    handler,
    Math.min(Number(delay) || 0, LONGEST_DELAY_MS),
    ...args,
  )) as typeof setTimeout;
