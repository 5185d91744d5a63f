// REST routes for submissions, creators' videos and the platform OAuth exchanges (spec §7).
// Actions' work runs here, in the route's own runtime, through the model (no runAction).
import { z } from "zod";
import { internal } from "../_generated/api";
import { lookUpLink, submitVideo } from "../model/submissions";
import { finishConnecting, startAuthorization } from "../model/platforms/connections";
import { VOTES, type VideoPlatform } from "../model/validators";
import type { RestApp } from "./app";
import { HttpError, json, parseBody, requireCaller, requireSelf } from "./respond";
import { requireId } from "./ids";
import { restMySubmission, restProfileVideo, restTikTokVideo, restYouTubeVideo } from "./shapes";

const verifyBody = z.object({
  link: z.string().max(2048),
  userId: z.string().nullable().optional(),
});
const submitBody = z.object({
  link: z.string().max(2048),
  title: z.string().max(1000).optional(),
  proposalId: z.string().max(100),
  userId: z.string().nullable().optional(),
});
const voteBody = z.object({
  vote: z.literal(VOTES),
  userId: z.string().nullable().optional(),
});
const exchangeBody = z.object({ code: z.string().max(4096), state: z.string().max(512) });

export function submissionRoutes(app: RestApp) {
  app.post("/server/api/submissions/verify", async (c) => {
    const caller = await requireCaller(c.env);
    const body = await parseBody(c.req.raw, verifyBody);
    requireSelf(c.req.raw, caller, body.userId);
    const { title } = await lookUpLink(c.env, caller, body.link);
    return json({ title });
  });

  app.post("/server/api/submissions/submit", async (c) => {
    const caller = await requireCaller(c.env);
    const body = await parseBody(c.req.raw, submitBody);
    requireSelf(c.req.raw, caller, body.userId);
    await requireId(c.env, "proposals", body.proposalId);
    // The title sent by the client is ignored: the platform's is stored.
    const id = await submitVideo(c.env, caller, { ideaId: body.proposalId, link: body.link });
    return json({ submission: { id } }, 201);
  });

  app.post("/server/api/submissions/:id/vote", async (c) => {
    const caller = await requireCaller(c.env);
    const body = await parseBody(c.req.raw, voteBody);
    requireSelf(c.req.raw, caller, body.userId);
    // Checked first: a vote for no submission must not spend the caller's vote allowance.
    const submissionId = await requireId(c.env, "submissions", c.req.param("id"));
    const result = await c.env.runMutation(internal.submissions.voteAs, {
      submissionId,
      userId: caller,
      vote: body.vote,
    });
    if (result === null) throw new HttpError(404, "Submission not found");
    return json(result);
  });

  app.get("/server/api/profile/submissions", async (c) => {
    const caller = await requireCaller(c.env);
    requireSelf(c.req.raw, caller);
    const page = await c.env.runQuery(internal.submissions.mineOf, {
      userId: caller,
      paginationOpts: { numItems: 100, cursor: null },
    });
    return json(page.page.map(restMySubmission));
  });

  app.get("/server/api/profile/videos", async (c) => {
    const caller = await requireCaller(c.env);
    requireSelf(c.req.raw, caller);
    const mine = await c.env.runQuery(internal.platforms.mineOf, { userId: caller });
    return json(mine.videos.map(restProfileVideo));
  });

  const paths: Record<VideoPlatform, { start: string; exchange: string }> = {
    YouTube: { start: "/server/youtube/oauth", exchange: "/server/youtubeaccesstoken" },
    TikTok: { start: "/server/oauth", exchange: "/server/tiktokaccesstoken" },
  };
  for (const [platform, path] of Object.entries(paths) as [VideoPlatform, typeof paths.YouTube][]) {
    app.get(path.start, async (c) => {
      const caller = await requireCaller(c.env);
      const returnToSettings = c.req.query("returnToSettings") === "true";
      return json({ url: await startAuthorization(c.env, caller, platform, returnToSettings) });
    });

    app.post(path.exchange, async (c) => {
      const caller = await requireCaller(c.env);
      const body = await parseBody(c.req.raw, exchangeBody);
      await finishConnecting(c.env, caller, { platform, ...body });
      const mine = await c.env.runQuery(internal.platforms.mineOf, { userId: caller });
      const videos = mine.videos.filter((video) => video.platform === platform);
      return json(
        platform === "TikTok" ? videos.map(restTikTokVideo) : videos.map(restYouTubeVideo),
      );
    });
  }
}
