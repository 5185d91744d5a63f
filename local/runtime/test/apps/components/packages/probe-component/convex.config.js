// A component written for the runtime's tests: it has a table named like the app's, uses a
// child component, schedules its own functions and reads their jobs.
import { defineComponent } from "convex/server";
import shardedCounter from "@convex-dev/sharded-counter/convex.config";

const component = defineComponent("probe");
component.use(shardedCounter, { name: "tally" });

export default component;
