export * from "./shared.js";
export const build = "node";
