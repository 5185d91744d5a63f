// Values crossing between the app and an npm package must agree on what they are, as they do in
// Convex's isolate, where both are bundled together.
import { queryGeneric } from "convex/server";
import { build, describe, packageError, packageResponse } from "realm-probe";

export const crossings = queryGeneric({
  args: {},
  handler: async () => {
    const fromPackage = packageError();
    return {
      build,
      // What the package sees of the app's values.
      appError: describe(new Error("made by the app")),
      appTypeError: describe(new TypeError("made by the app")),
      appResponse: describe(new Response("from the app")),
      encoded: describe(new TextEncoder().encode("bytes")),
      digest: describe(await crypto.subtle.digest("SHA-256", new Uint8Array(1))),
      promise: describe(Promise.resolve(1)),
      object: describe({ a: 1 }),
      array: describe([1]),
      parsed: describe(JSON.parse('{"a":1}')),
      // What the app sees of the package's values.
      packageErrorIsError: fromPackage instanceof Error,
      packageErrorIsRangeError: fromPackage instanceof RangeError,
      packageResponseIsResponse: packageResponse() instanceof Response,
    };
  },
});
