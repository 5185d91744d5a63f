// The stand-ins the local stack runs. Each outside service the product talks to gets one here.
import type { StandIn, StandInContext } from "./framework.js";
import { signInStandIn } from "./signIn.js";

export type StandInFactory = (ctx: StandInContext & { dataDir: string }) => StandIn;

export const standInFactories: StandInFactory[] = [signInStandIn];
