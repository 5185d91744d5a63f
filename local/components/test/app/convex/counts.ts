// A function module, so the generated api lists one beside the components.
import { mutationGeneric } from "convex/server";

export const touch = mutationGeneric({ args: {}, handler: async () => null });
