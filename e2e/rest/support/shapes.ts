// The JSON shapes of spec §3 and §7 as a REST client reads them, written from the spec (not from
// convex/rest/shapes.ts, which they check). Every field the spec names is required with its
// type; fields the spec does not name are allowed (another branch may add one, e.g. an idea's
// brief), so a check for private data that must never appear is written out where it matters.
// The enums are spec §9's, written out: this is a check of the server, not a copy of it.
import { z } from "zod";

const DURATIONS = ["SHORT", "MEDIUM", "LONG"] as const;
const IDEA_PLATFORMS = ["YouTube", "TikTok", "Any"] as const;
const ACCOUNT_TYPES = ["Creator", "Viewer", "Business"] as const;
const PREFERRED_PLATFORMS = ["YouTube", "TikTok", "Both"] as const;
const PAYOUT_PREFERENCES = ["customer_choice", "peoples_choice"] as const;

const isoDate = z.iso.datetime({ offset: true });
const dollars = z.number().nonnegative();
const count = z.number().int().nonnegative();
const id = z.string().min(1);

export const errorShape = z.strictObject({ error: z.string().min(1) });

/** §3 Idea, as the lists send it. */
export const proposal = z.object({
  id,
  title: z.string(),
  description: z.string(),
  platform: z.enum(IDEA_PLATFORMS),
  // Comma-separated SHORT/MEDIUM/LONG.
  duration: z.string().regex(new RegExp(`^((${DURATIONS.join("|")})(,|$))*$`)),
  expiration: isoDate,
  bountyAmount: dollars,
  submissionCount: count,
  votes: z.number().int(),
  userVote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});

/** GET /server/api/proposals/{id}: id, title, description, expiration, platform, duration. */
export const proposalDetail = proposal.pick({
  id: true,
  title: true,
  description: true,
  expiration: true,
  platform: true,
  duration: true,
});

export const bounty = z.object({ total: dollars });
export const platform = z.object({ platform: z.enum(IDEA_PLATFORMS) });

/** POST /server/api/proposals/vote ("not shown" in the spec): the new count and the vote. */
export const ideaVote = z.object({
  votes: z.number().int(),
  userVote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});

/** POST /server/api/proposals/submit: idea.id (201). */
export const createdProposal = z.object({ proposal: z.object({ id }) });
/** POST /server/api/submissions/submit (201). */
export const createdSubmission = z.object({ submission: z.object({ id }) });

/** §3 Submission. */
export const submission = z.object({
  id,
  proposal_id: id,
  title: z.string(),
  link: z.url(),
  authorDisplayName: z.string(),
  platform: z.enum(["YouTube", "TikTok"]),
  votes: z.number().int(),
  userVote: z.union([z.literal(1), z.literal(-1), z.null()]),
});

/** POST /server/api/submissions/{id}/vote: newVoteTotal, userVote. */
export const submissionVote = z.object({
  newVoteTotal: z.number().int(),
  userVote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
});

export const verified = z.object({ title: z.string().min(1) });
export const checkout = z.object({ url: z.url() });

/** GET /server/api/contributions/{session_id}. */
export const contribution = z.object({
  proposal: z.object({ id, title: z.string() }),
  contribution: z.object({
    amount: dollars,
    status: z.string(),
    created: isoDate,
    customerDetails: z
      .object({
        name: z.string().nullable(),
        email: z.string().nullable(),
        address: z.object({ country: z.string().nullable() }),
      })
      .nullable(),
  }),
  winnerSelectionDeadline: isoDate,
  transaction: z.object({ payout_preference: z.enum(PAYOUT_PREFERENCES) }),
  session: z.object({ id: z.string().startsWith("cs_") }),
});

export const recorded = z.object({ status: z.string() });
export const payout = z.object({ payout_preference: z.enum(PAYOUT_PREFERENCES) });

/** §3 Stats. */
export const stats = z.object({ activeUsers: count, bounties: count, originalVideos: count });

const platformStatus = z.object({ connected: z.boolean(), last_sync: isoDate.nullable() });
const platforms = z.object({ youtube: platformStatus, tiktok: platformStatus });

/** §3 User record (public_users), as check-user sends it. */
export const user = z.object({
  id,
  email: z.string().nullable(),
  display_name: z.string().min(1),
  avatar_url: z.string().nullable(),
  created_at: isoDate.nullable(),
  last_sign_in: isoDate.nullable(),
  account_type: z.enum(ACCOUNT_TYPES).nullable(),
  preferred_platform: z.enum(PREFERRED_PLATFORMS).nullable(),
  platforms,
});

export const checkUser = z.object({ user, needsOnboarding: z.boolean() });

/** §3 Profile response. */
export const profileUser = z.object({
  display_name: z.string().min(1),
  account_type: z.enum(ACCOUNT_TYPES).nullable(),
  preferred_platform: z.enum(PREFERRED_PLATFORMS).nullable(),
  platforms,
});

/** GET /server/api/profile/proposals: My Bounties. */
export const myBounty = z.object({
  id,
  title: z.string(),
  submissionCount: count,
  votes: z.number().int(),
  bountyAmount: dollars,
});

/** GET /server/api/profile/contributions: keyed by idea id, plus userTotal. */
export const myContributions = z.object({
  contributions: z.record(z.string(), z.object({ user: dollars, total: dollars })),
  userTotal: dollars,
});

/** §3 Video, as the profile lists it. */
export const profileVideo = z.object({
  type: z.enum(["youtube", "tiktok"]),
  url: z.url(),
  title: z.string(),
  description: z.string(),
});

export const authorizationUrl = z.object({ url: z.url() });

/** POST /server/youtubeaccesstoken: id, title, description, thumbnail_url, published_at. */
export const youTubeVideo = z.object({
  id,
  title: z.string(),
  description: z.string(),
  thumbnail_url: z.string().nullable(),
  published_at: isoDate.nullable(),
});

/** POST /server/tiktokaccesstoken: id, title, video_description, duration, cover, embed_link. */
export const tikTokVideo = z.object({
  id,
  title: z.string(),
  video_description: z.string(),
  duration: z.number().nullable(),
  cover_image_url: z.string().nullable(),
  embed_link: z.url(),
});
