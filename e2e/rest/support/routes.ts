// Every route of spec §7 plus the platform OAuth routes, with a request that is right in every
// way but the one a case changes: a real id in the path, a valid body. `auth` says who may call:
// "person" routes need a signed-in person (401 without one); "anyone" routes answer visitors
// too, and treat a token they cannot use as no token.
import type { Person } from "./people.js";

export interface World {
  /** A person who owns the ids below (their idea, contribution). */
  owner: Person;
  ideaId: string;
  submissionId: string;
  sessionId: string;
}

export interface Route {
  method: "GET" | "POST";
  /** The path as spec §7 writes it. */
  spec: string;
  auth: "person" | "anyone";
  path: (w: World) => string;
  body?: (w: World) => unknown;
}

const youtubeLink = "https://youtu.be/dQw4w9WgXcQ";

export const ROUTES: Route[] = [
  {
    method: "GET",
    spec: "/server/api/proposals",
    auth: "anyone",
    path: () => "/server/api/proposals",
  },
  {
    method: "POST",
    spec: "/server/api/proposals/submit",
    auth: "person",
    path: () => "/server/api/proposals/submit",
    body: () => ({
      oneLiner: "Herons of Hamburg",
      platform: "Any",
      expiration: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      selectedDurations: ["SHORT"],
    }),
  },
  {
    method: "GET",
    spec: "/server/api/proposals/{id}",
    auth: "anyone",
    path: (w) => `/server/api/proposals/${w.ideaId}`,
  },
  {
    method: "GET",
    spec: "/server/api/proposals/{id}/bounty",
    auth: "anyone",
    path: (w) => `/server/api/proposals/${w.ideaId}/bounty`,
  },
  {
    method: "GET",
    spec: "/server/api/proposals/{id}/submissions",
    auth: "anyone",
    path: (w) => `/server/api/proposals/${w.ideaId}/submissions`,
  },
  {
    method: "GET",
    spec: "/server/api/proposals/{id}/platform",
    auth: "anyone",
    path: (w) => `/server/api/proposals/${w.ideaId}/platform`,
  },
  {
    method: "POST",
    spec: "/server/api/proposals/vote",
    auth: "person",
    path: () => "/server/api/proposals/vote",
    body: (w) => ({ proposalId: w.ideaId, vote: 1 }),
  },
  {
    method: "POST",
    spec: "/server/api/submissions/{id}/vote",
    auth: "person",
    path: (w) => `/server/api/submissions/${w.submissionId}/vote`,
    body: () => ({ vote: 1 }),
  },
  {
    method: "POST",
    spec: "/server/api/submissions/verify",
    auth: "person",
    path: () => "/server/api/submissions/verify",
    body: () => ({ link: youtubeLink }),
  },
  {
    method: "POST",
    spec: "/server/api/submissions/submit",
    auth: "person",
    path: () => "/server/api/submissions/submit",
    body: (w) => ({ link: youtubeLink, title: "x", proposalId: w.ideaId }),
  },
  {
    method: "POST",
    spec: "/server/api/stripe/create-checkout",
    auth: "anyone",
    path: () => "/server/api/stripe/create-checkout",
    body: (w) => ({ postId: w.ideaId, amount: 500, type: "proposal", userId: null }),
  },
  {
    method: "GET",
    spec: "/server/api/contributions/{session_id}",
    auth: "anyone",
    path: (w) => `/server/api/contributions/${w.sessionId}`,
  },
  {
    method: "POST",
    spec: "/server/api/contributions/{session_id}/record",
    auth: "anyone",
    path: (w) => `/server/api/contributions/${w.sessionId}/record`,
    body: () => ({ sessionData: {} }),
  },
  {
    method: "POST",
    spec: "/server/api/contributions/{session_id}/payout",
    auth: "person",
    path: (w) => `/server/api/contributions/${w.sessionId}/payout`,
    body: () => ({ payoutMethod: "peoples_choice" }),
  },
  { method: "GET", spec: "/server/api/stats", auth: "anyone", path: () => "/server/api/stats" },
  {
    method: "GET",
    spec: "/server/api/check-user",
    auth: "person",
    path: () => "/server/api/check-user",
  },
  {
    method: "GET",
    spec: "/server/api/profile/user?userId",
    auth: "person",
    path: (w) => `/server/api/profile/user?userId=${w.owner.id}`,
  },
  {
    method: "GET",
    spec: "/server/api/profile/submissions?userId",
    auth: "person",
    path: (w) => `/server/api/profile/submissions?userId=${w.owner.id}`,
  },
  {
    method: "GET",
    spec: "/server/api/profile/videos?userId",
    auth: "person",
    path: (w) => `/server/api/profile/videos?userId=${w.owner.id}`,
  },
  {
    method: "GET",
    spec: "/server/api/profile/proposals?userId",
    auth: "person",
    path: (w) => `/server/api/profile/proposals?userId=${w.owner.id}`,
  },
  {
    method: "GET",
    spec: "/server/api/profile/contributions?userId&proposalIds",
    auth: "person",
    path: (w) => `/server/api/profile/contributions?userId=${w.owner.id}&proposalIds=${w.ideaId}`,
  },
  {
    method: "GET",
    spec: "/server/youtube/oauth",
    auth: "person",
    path: () => "/server/youtube/oauth",
  },
  { method: "GET", spec: "/server/oauth", auth: "person", path: () => "/server/oauth" },
  {
    method: "POST",
    spec: "/server/youtubeaccesstoken",
    auth: "person",
    path: () => "/server/youtubeaccesstoken",
    body: () => ({ code: "a-code", state: "a-state" }),
  },
  {
    method: "POST",
    spec: "/server/tiktokaccesstoken",
    auth: "person",
    path: () => "/server/tiktokaccesstoken",
    body: () => ({ code: "a-code", state: "a-state" }),
  },
];
