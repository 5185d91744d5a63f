// REST routes about the caller (spec §7): check-user and profile/user.
import type { ActionCtx } from "../_generated/server";
import type { Id } from "../_generated/dataModel";
import { internal } from "../_generated/api";
import type { RestApp } from "./app";
import { HttpError, json, requireCaller, requireSelf } from "./respond";
import { restCheckUser, restProfileUser } from "./shapes";

async function restUser(ctx: Pick<ActionCtx, "runQuery">, userId: Id<"users">) {
  const user = await ctx.runQuery(internal.users.restUser, { userId });
  if (user === null) throw new HttpError(404, "User not found");
  return user;
}

export function userRoutes(app: RestApp) {
  app.get("/server/api/check-user", async (c) =>
    json(restCheckUser(await restUser(c.env, await requireCaller(c.env)))),
  );

  app.get("/server/api/profile/user", async (c) => {
    const userId = await requireCaller(c.env);
    requireSelf(c.req.raw, userId);
    return json(restProfileUser(await restUser(c.env, userId)));
  });
}
