// Every response shape of the REST API (spec §3 and §7), in one place: what the routes send is
// read here, from the same cards the web app gets (their return validators fix those).
// Dollars, ISO dates and snake_case exist only in this module.
import { centsToDollars } from "../model/labels";
import type { IdeaCard, IdeaCardForViewer } from "../model/ideas";
import type { MySubmissionCard, SubmissionCardForViewer } from "../model/submissions";
import type { MyPlatforms } from "../model/platforms/connections";
import type { RestUser } from "../model/users";

const iso = (ms: number) => new Date(ms).toISOString();

/** An idea in the lists (§3 "Proposal"), with its brief (issue 29; null when none). */
export function restIdea(card: IdeaCardForViewer) {
  return {
    id: card._id,
    title: card.title,
    description: card.description,
    brief: card.brief,
    platform: card.platform,
    duration: card.durations.join(","),
    expiration: iso(card.expiration),
    bountyAmount: centsToDollars(card.bountyCents),
    submissionCount: card.submissionCount,
    votes: card.votes,
    userVote: card.userVote,
  };
}

/** GET /server/api/proposals/:id (the spec's fields, then the brief). */
export function restIdeaDetail(card: IdeaCardForViewer) {
  const { id, title, description, expiration, platform, duration, brief } = restIdea(card);
  return { id, title, description, expiration, platform, duration, brief };
}

/** GET /server/api/proposals/:id/bounty */
export const restBounty = (card: IdeaCard) => ({ total: centsToDollars(card.bountyCents) });

/** GET /server/api/proposals/:id/platform */
export const restPlatform = (card: IdeaCard) => ({ platform: card.platform });

/** POST /server/api/proposals/vote */
export const restIdeaVote = (votes: number, userVote: number) => ({ votes, userVote });

/** A submission (§3 "Submission"): no vote is null. */
export function restSubmission(card: SubmissionCardForViewer) {
  return {
    id: card._id,
    proposal_id: card.ideaId,
    title: card.title,
    link: card.url,
    authorDisplayName: card.authorDisplayName,
    platform: card.platform,
    votes: card.votes,
    userVote: card.userVote === 0 ? null : card.userVote,
  };
}

/** GET /server/api/profile/submissions */
export const restMySubmission = (card: MySubmissionCard) => ({
  ...restSubmission(card),
  proposal_title: card.ideaTitle,
});

type Video = MyPlatforms["videos"][number];

/** GET /server/api/profile/videos */
export const restProfileVideo = (video: Video) => ({
  type: video.platform === "YouTube" ? "youtube" : "tiktok",
  url: video.url,
  title: video.title,
  description: video.description,
  ...(video.platform === "YouTube" ? { thumbnail: video.thumbnailUrl } : {}),
});

/** POST /server/tiktokaccesstoken: the account's videos as TikTok's API names them. */
export const restTikTokVideo = (video: Video) => ({
  id: video.videoId,
  title: video.title,
  video_description: video.description,
  duration: video.durationSeconds,
  cover_image_url: video.thumbnailUrl,
  embed_link: `https://www.tiktok.com/player/v1/${video.videoId}`,
});

/** POST /server/youtubeaccesstoken: the channel's videos as YouTube's API names them. */
export const restYouTubeVideo = (video: Video) => ({
  id: video.videoId,
  title: video.title,
  description: video.description,
  thumbnail_url: video.thumbnailUrl,
  published_at: video.publishedAt === null ? null : iso(video.publishedAt),
});

/** GET /server/api/check-user */
export const restCheckUser = (user: RestUser) => ({
  user,
  needsOnboarding: user.account_type === null || user.preferred_platform === null,
});

/** GET /server/api/profile/user */
export function restProfileUser(user: RestUser) {
  const { display_name, account_type, preferred_platform, platforms } = user;
  return { display_name, account_type, preferred_platform, platforms };
}

/** What contributions.bySession returns, as far as the REST shape reads it. */
interface SessionData {
  idea: { _id: string; title: string };
  contribution: {
    amountCents: number;
    status: string;
    created: number;
    payoutPreference: string;
    customerDetails?: { name?: string; email?: string; country?: string } | null;
  };
  winnerSelectionDeadline: number;
}

/** GET /server/api/contributions/:sessionId */
export function restContribution(data: SessionData, sessionId: string) {
  const { contribution } = data;
  return {
    proposal: { id: data.idea._id, title: data.idea.title },
    contribution: {
      amount: centsToDollars(contribution.amountCents),
      status: contribution.status,
      created: iso(contribution.created),
      customerDetails: contribution.customerDetails
        ? {
            name: contribution.customerDetails.name ?? null,
            email: contribution.customerDetails.email ?? null,
            address: { country: contribution.customerDetails.country ?? null },
          }
        : null,
    },
    winnerSelectionDeadline: iso(data.winnerSelectionDeadline),
    transaction: { payout_preference: contribution.payoutPreference },
    session: {
      id: sessionId,
      payment_status: contribution.status === "paid" ? "paid" : "unpaid",
    },
  };
}

/** One item of contributions.myBountiesFor, as far as the REST shape reads it. */
interface MyBounty {
  _id: string;
  title: string;
  submissionCount: number;
  votes: number;
  totalCents: number;
}

/** GET /server/api/profile/proposals */
export const restMyBounty = (idea: MyBounty) => ({
  id: idea._id,
  title: idea.title,
  submissionCount: idea.submissionCount,
  votes: idea.votes,
  bountyAmount: centsToDollars(idea.totalCents),
});
