// Which local stack this Playwright worker talks to. `e2e/run.ts` starts one stack per worker
// (journeys move their stack's clock, so two workers never share one) and passes them all in
// E2E_STACKS; each worker takes the one at its TEST_PARALLEL_INDEX, which Playwright keeps
// between 0 and workers − 1 for workers running at the same time. Without E2E_STACKS: the
// stack `npm start` runs on its default ports.
export interface E2eStack {
  webUrl: string;
  convexUrl: string;
  siteUrl: string;
  standInsUrl: string;
  adminKey: string;
  /** The stack's process ids, kept current by the stack (for the resilience journey). */
  pidsFile: string | null;
}

const DEFAULT_STACK: E2eStack = {
  webUrl: "http://localhost:5173",
  convexUrl: "http://127.0.0.1:3210",
  siteUrl: "http://127.0.0.1:3211",
  standInsUrl: "http://127.0.0.1:3220",
  adminKey: "",
  pidsFile: null,
};

export function currentStack(): E2eStack {
  const stacks = process.env.E2E_STACKS
    ? (JSON.parse(process.env.E2E_STACKS) as E2eStack[])
    : [DEFAULT_STACK];
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return stacks[index % stacks.length]!;
}
