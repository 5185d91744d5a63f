// The Resend component (@convex-dev/resend) and the components it uses, registered in a
// convex-test backend for the suites that send emails (its own `register` registers only the
// top one). The paths are those of convex.config.ts's tree (see npm run codegen).
/// <reference types="vite/client" />
import type { Backend } from "./test.setup";
import resendSchema from "../node_modules/@convex-dev/resend/dist/component/schema.js";
import rateLimiterSchema from "../node_modules/@convex-dev/rate-limiter/dist/component/schema.js";
import workpoolSchema from "../node_modules/@convex-dev/workpool/dist/component/schema.js";
import batchWorkerSchema from "../node_modules/@convex-dev/batch-worker/dist/component/schema.js";

const resendModules = import.meta.glob("../node_modules/@convex-dev/resend/dist/component/**/*.js");
const rateLimiterModules = import.meta.glob(
  "../node_modules/@convex-dev/rate-limiter/dist/component/**/*.js",
);
const workpoolModules = import.meta.glob(
  "../node_modules/@convex-dev/workpool/dist/component/**/*.js",
);
const batchWorkerModules = import.meta.glob(
  "../node_modules/@convex-dev/batch-worker/dist/component/**/*.js",
);

export function registerEmailComponents(t: Backend): void {
  t.registerComponent("resend", resendSchema, resendModules);
  t.registerComponent("resend/rateLimiter", rateLimiterSchema, rateLimiterModules);
  for (const pool of ["resend/emailWorkpool", "resend/callbackWorkpool"]) {
    t.registerComponent(pool, workpoolSchema, workpoolModules);
    t.registerComponent(`${pool}/batchWorker`, batchWorkerSchema, batchWorkerModules);
  }
}
