import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();
// Every idea schedules its own transitions; this catches any that were missed.
crons.interval("sweep idea lifecycle", { minutes: 5 }, internal.proposals.sweep, {});
export default crons;
