// REST routes for submissions, creators' videos and the platform OAuth exchanges (spec §7).
import { z } from "zod";
import { httpAction } from "../_generated/server";
import { api } from "../_generated/api";
import type { CorsHttpRouter } from "convex-helpers/server/cors";
import { handle, HttpError, json, parseBody, requireCaller, requireSelf } from "./respond";

const submissionCard = (card: {
  _id: string;
  proposalId: string;
  title: string;
  url: string;
  authorDisplayName: string;
  platform: string;
  votes: number;
  userVote: number;
}) => ({
  id: card._id,
  proposal_id: card.proposalId,
  title: card.title,
  link: card.url,
  authorDisplayName: card.authorDisplayName,
  platform: card.platform,
  votes: card.votes,
  userVote: card.userVote === 0 ? null : card.userVote,
});

export function registerSubmissionRoutes(http: CorsHttpRouter) {
  http.route({
    path: "/server/api/submissions/verify",
    method: "POST",
    handler: httpAction(
      handle(async (ctx, request) => {
        const caller = await requireCaller(ctx);
        const body = await parseBody(
          request,
          z.object({ link: z.string().max(2048), userId: z.string().nullable().optional() }),
        );
        requireSelf(request, caller, body.userId);
        const { title } = await ctx.runAction(api.submissions.verify, { link: body.link });
        return json({ title });
      }),
    ),
  });

  http.route({
    path: "/server/api/submissions/submit",
    method: "POST",
    handler: httpAction(
      handle(async (ctx, request) => {
        const caller = await requireCaller(ctx);
        const body = await parseBody(
          request,
          z.object({
            link: z.string().max(2048),
            title: z.string().max(1000).optional(),
            proposalId: z.string().max(100),
            userId: z.string().nullable().optional(),
          }),
        );
        requireSelf(request, caller, body.userId);
        // The title sent by the client is ignored: the platform's is stored.
        const id = await ctx.runAction(api.submissions.submit, {
          proposalId: body.proposalId,
          link: body.link,
        });
        return json({ submission: { id } }, 201);
      }),
    ),
  });

  http.route({
    pathPrefix: "/server/api/submissions/",
    method: "POST",
    handler: httpAction(
      handle(async (ctx, request) => {
        const [id, action, ...rest] = new URL(request.url).pathname
          .slice("/server/api/submissions/".length)
          .split("/");
        if (!id || action !== "vote" || rest.length > 0) throw new HttpError(404, "Not found");
        const caller = await requireCaller(ctx);
        const body = await parseBody(
          request,
          z.object({
            vote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
            userId: z.string().nullable().optional(),
          }),
        );
        requireSelf(request, caller, body.userId);
        const submissions = await ctx.runQuery(api.submissions.byIds, { ids: [id] });
        if (submissions.length === 0) throw new HttpError(404, "Submission not found");
        return json(
          await ctx.runMutation(api.submissions.vote, {
            submissionId: submissions[0]!,
            vote: body.vote,
          }),
        );
      }),
    ),
  });

  http.route({
    path: "/server/api/profile/submissions",
    method: "GET",
    handler: httpAction(
      handle(async (ctx, request) => {
        const caller = await requireCaller(ctx);
        requireSelf(request, caller);
        const page = await ctx.runQuery(api.submissions.mine, {
          paginationOpts: { numItems: 100, cursor: null },
        });
        return json(
          page.page.map((card) => ({
            ...submissionCard(card),
            proposal_title: card.proposalTitle,
          })),
        );
      }),
    ),
  });

  http.route({
    path: "/server/api/profile/videos",
    method: "GET",
    handler: httpAction(
      handle(async (ctx, request) => {
        const caller = await requireCaller(ctx);
        requireSelf(request, caller);
        const mine = await ctx.runQuery(api.platforms.mine, {});
        return json(
          (mine?.videos ?? []).map((video) => ({
            type: video.platform === "YouTube" ? "youtube" : "tiktok",
            url: video.url,
            title: video.title,
            description: video.description,
            ...(video.platform === "YouTube" ? { thumbnail: video.thumbnailUrl } : {}),
          })),
        );
      }),
    ),
  });

  const start = (platform: "YouTube" | "TikTok") =>
    httpAction(
      handle(async (ctx, request) => {
        await requireCaller(ctx);
        const returnToSettings =
          new URL(request.url).searchParams.get("returnToSettings") === "true";
        return json(
          await ctx.runAction(api.platforms.startConnection, { platform, returnToSettings }),
        );
      }),
    );
  http.route({ path: "/server/youtube/oauth", method: "GET", handler: start("YouTube") });
  http.route({ path: "/server/oauth", method: "GET", handler: start("TikTok") });

  const exchange = (platform: "YouTube" | "TikTok") =>
    httpAction(
      handle(async (ctx, request) => {
        await requireCaller(ctx);
        const body = await parseBody(
          request,
          z.object({ code: z.string().max(4096), state: z.string().max(512) }),
        );
        await ctx.runAction(api.platforms.finishConnection, { platform, ...body });
        const mine = await ctx.runQuery(api.platforms.mine, {});
        const videos = (mine?.videos ?? []).filter((video) => video.platform === platform);
        return json(
          platform === "TikTok"
            ? videos.map((v) => ({
                id: v.videoId,
                title: v.title,
                video_description: v.description,
                duration: v.durationSeconds,
                cover_image_url: v.thumbnailUrl,
                embed_link: `https://www.tiktok.com/player/v1/${v.videoId}`,
              }))
            : videos.map((v) => ({
                id: v.videoId,
                title: v.title,
                description: v.description,
                thumbnail_url: v.thumbnailUrl,
                published_at: v.publishedAt === null ? null : new Date(v.publishedAt).toISOString(),
              })),
        );
      }),
    );
  http.route({ path: "/server/youtubeaccesstoken", method: "POST", handler: exchange("YouTube") });
  http.route({ path: "/server/tiktokaccesstoken", method: "POST", handler: exchange("TikTok") });
}

export { submissionCard };
