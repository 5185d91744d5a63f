// REST routes about the caller (spec §7): check-user and profile/user.
import { httpAction } from "../_generated/server";
import { internal } from "../_generated/api";
import type { CorsHttpRouter } from "convex-helpers/server/cors";
import { handle, HttpError, json, requireCaller, requireSelf } from "./respond";

export function registerUserRoutes(http: CorsHttpRouter) {
  http.route({
    path: "/server/api/check-user",
    method: "GET",
    handler: httpAction(
      handle(async (ctx) => {
        const userId = await requireCaller(ctx);
        const user = await ctx.runQuery(internal.users.restUser, { userId });
        if (user === null) throw new HttpError(404, "User not found");
        return json({
          user,
          needsOnboarding: user.account_type === null || user.preferred_platform === null,
        });
      }),
    ),
  });

  http.route({
    path: "/server/api/profile/user",
    method: "GET",
    handler: httpAction(
      handle(async (ctx, request) => {
        const userId = await requireCaller(ctx);
        requireSelf(request, userId);
        const user = await ctx.runQuery(internal.users.restUser, { userId });
        if (user === null) throw new HttpError(404, "User not found");
        const { display_name, account_type, preferred_platform, platforms } = user;
        return json({ display_name, account_type, preferred_platform, platforms });
      }),
    ),
  });
}
