"use node";
// A "use node" action loads the package's Node build, as Convex's Node runtime does.
import { actionGeneric } from "convex/server";
import { build, describe } from "realm-probe";

export const crossings = actionGeneric({
  args: {},
  handler: async () => ({ build, appError: describe(new Error("node")).isError }),
});
