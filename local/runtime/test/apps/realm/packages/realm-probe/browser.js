export * from "./shared.js";
/** Which build of the package was loaded (Convex's isolate bundles the "browser" one). */
export const build = "browser";
