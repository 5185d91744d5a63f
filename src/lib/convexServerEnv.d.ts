// The web app imports `convex/_generated/api`, which pulls the Convex functions into this type
// check; some of them read settings from `process.env` (Convex provides it on the server).
// This declares just that much, in the same shape as Node's types so the two merge if both load,
// without giving browser code all of Node's types.
declare namespace NodeJS {
  interface ProcessEnv {
    [key: string]: string | undefined;
  }
  interface Process {
    env: ProcessEnv;
  }
}
// `var`, as in Node's types: a global that merges with theirs.
// eslint-disable-next-line no-var
declare var process: NodeJS.Process;
