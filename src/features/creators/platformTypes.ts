import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";

export type Platforms = NonNullable<FunctionReturnType<typeof api.platforms.mine>>;
export type ConnectedVideo = Platforms["videos"][number];
