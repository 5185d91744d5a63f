import { defineApp } from "convex/server";
import shardedCounter from "@convex-dev/sharded-counter/convex.config";

const app = defineApp();
app.use(shardedCounter);
app.use(shardedCounter, { name: "hotTotals" });

export default app;
