// Convex's own components, installed from npm (pinned in the repository's devDependencies), as
// their READMEs install them.
import { defineApp } from "convex/server";
import actionRetrier from "@convex-dev/action-retrier/convex.config";
import aggregate from "@convex-dev/aggregate/convex.config";
import rateLimiter from "@convex-dev/rate-limiter/convex.config";
import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import workpool from "@convex-dev/workpool/convex.config";

const app = defineApp();
app.use(actionRetrier);
app.use(aggregate);
app.use(rateLimiter);
app.use(shardedCounter);
app.use(workpool);

export default app;
