// Two instances of a real installed component, and one written for the tests (packages/): their tables are apart from each other's and
// from the app's `counters` table, which has the same name as theirs.
import { defineApp } from "convex/server";
import shardedCounter from "@convex-dev/sharded-counter/convex.config";
import probe from "probe-component/convex.config";

const app = defineApp();
app.use(shardedCounter);
app.use(shardedCounter, { name: "otherCounter" });
app.use(probe);

export default app;
