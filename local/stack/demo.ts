// The demo marketplace: on a fresh database the local stack fills in people, ideas across
// platforms, durations and deadlines (some already past), votes, creators with connected
// channels and submitted videos, and funded bounties — all through the real functions and the
// stand-ins (sign-in, YouTube, TikTok, Stripe), so a newcomer sees a living product.
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { clientFor, signInThroughStandIn, type Person } from "./signInClient.js";
import {
  connectTikTok,
  connectYouTube,
  fundIdea,
  postTikTokVideo,
  uploadYouTubeVideo,
} from "./scriptedFlows.js";
import { moveStackClock } from "./stack.js";

const DAY = 24 * 3600 * 1000;
// The app's functions by name: the stack is tooling and does not import the app's code.
const fn = {
  saveOnboarding: makeFunctionReference<"mutation">("users:saveOnboarding"),
  createIdea: makeFunctionReference<"mutation">("ideas:create"),
  voteOnIdea: makeFunctionReference<"mutation">("ideas:vote"),
  submitVideo: makeFunctionReference<"action">("submissions:submit"),
  voteOnVideo: makeFunctionReference<"mutation">("submissions:vote"),
  submissionsOf: makeFunctionReference<"query">("submissions:listForIdea"),
};

interface DemoPerson extends Person {
  accountType: "Creator" | "Viewer" | "Business";
  platform: "YouTube" | "TikTok" | "Both";
  youtube?: boolean;
  tiktok?: string;
}

const PEOPLE: DemoPerson[] = [
  { name: "Maya Chen", email: "maya.chen@example.com", accountType: "Viewer", platform: "Both" },
  {
    name: "Jonas Weber",
    email: "jonas.weber@example.com",
    accountType: "Creator",
    platform: "YouTube",
    youtube: true,
  },
  {
    name: "Priya Raman",
    email: "priya.raman@example.com",
    accountType: "Creator",
    platform: "TikTok",
    tiktok: "priya.makes",
  },
  {
    name: "Trailhead Outfitters",
    email: "marketing@trailhead.example.com",
    accountType: "Business",
    platform: "Both",
  },
  {
    name: "Leo Martins",
    email: "leo.martins@example.com",
    accountType: "Viewer",
    platform: "YouTube",
  },
  {
    name: "Amara Okafor",
    email: "amara.okafor@example.com",
    accountType: "Creator",
    platform: "Both",
    youtube: true,
    tiktok: "amara.okafor",
  },
  {
    name: "Sam Rivera",
    email: "sam.rivera@example.com",
    accountType: "Viewer",
    platform: "TikTok",
  },
];

type Platform = "YouTube" | "TikTok" | "Any";
type Duration = "SHORT" | "MEDIUM" | "LONG";
interface DemoIdea {
  by: number;
  oneLiner: string;
  platform: Platform;
  durations: Duration[];
  /** Days from now; negative ideas are already past their deadline. */
  deadlineDays: number;
  links?: string[];
  /** Voters, by index into PEOPLE. */
  up?: number[];
  down?: number[];
  /** Contributions: [funder index, or null for someone signed out; dollars]. */
  funds?: [number | null, number][];
  /** Videos: [creator index, length in seconds]. */
  videos?: [number, number][];
}

// prettier-ignore
const IDEAS: DemoIdea[] = [
  { by: 0, oneLiner: "Cook every dish from a 1950s diner menu in one day", platform: "YouTube", durations: ["MEDIUM", "LONG"], deadlineDays: 21, links: ["https://en.wikipedia.org/wiki/Diner"], up: [1, 2, 4, 5, 6], funds: [[0, 25], [4, 10], [null, 5]], videos: [[1, 1260]] },
  { by: 3, oneLiner: "Hike the Lost Coast Trail with only gear from Trailhead Outfitters", platform: "YouTube", durations: ["MEDIUM"], deadlineDays: 30, links: ["https://en.wikipedia.org/wiki/Lost_Coast_Trail"], up: [0, 4, 6], funds: [[3, 250]] },
  { by: 4, oneLiner: "Explain how undersea internet cables are repaired, with real footage", platform: "YouTube", durations: ["MEDIUM"], deadlineDays: 12, up: [0, 1, 5], down: [6], funds: [[4, 15], [0, 5]], videos: [[5, 840], [1, 1500]] },
  { by: 6, oneLiner: "60-second history of every emoji flag you can't pronounce", platform: "TikTok", durations: ["SHORT"], deadlineDays: 5, up: [2, 0], funds: [[6, 5]], videos: [[2, 58]] },
  { by: 0, oneLiner: "A blind taste test of every gas-station coffee on Route 66", platform: "Any", durations: ["SHORT", "MEDIUM"], deadlineDays: 9, up: [4, 6, 1], funds: [[0, 20], [null, 10]] },
  { by: 5, oneLiner: "Restore a rusted 1970s bicycle using only hand tools", platform: "YouTube", durations: ["LONG"], deadlineDays: 45, links: ["https://en.wikipedia.org/wiki/Bicycle"], up: [0] },
  { by: 2, oneLiner: "Teach one tiny Japanese phrase a day using street signs in Osaka", platform: "TikTok", durations: ["SHORT"], deadlineDays: 3, up: [6, 0, 5, 4], funds: [[0, 5], [6, 5], [4, 5]], videos: [[2, 45], [5, 52]] },
  { by: 3, oneLiner: "Pack a week-long trip into one carry-on: a real packing challenge", platform: "Any", durations: ["SHORT", "MEDIUM"], deadlineDays: 16, up: [6], funds: [[3, 100]] },
  { by: 1, oneLiner: "Build a working arcade cabinet from a single sheet of plywood", platform: "YouTube", durations: ["MEDIUM", "LONG"], deadlineDays: 60, up: [4, 5] },
  { by: 4, oneLiner: "Ask 100 strangers what they would do with an extra hour each day", platform: "Any", durations: ["SHORT"], deadlineDays: 1, up: [0, 2], down: [1], funds: [[4, 5]] },
  { by: 6, oneLiner: "Rate every vending-machine snack in a Tokyo train station", platform: "TikTok", durations: ["SHORT"], deadlineDays: 7 },
  { by: 0, oneLiner: "Document a city's night-shift workers from dusk to dawn", platform: "YouTube", durations: ["LONG"], deadlineDays: 90, up: [1, 5], funds: [[0, 50]] },
  // Already past their deadline: judging, or settled (awarded or refunded).
  { by: 4, oneLiner: "Speedrun assembling flat-pack furniture without the instructions", platform: "Any", durations: ["SHORT", "MEDIUM"], deadlineDays: -2, up: [0, 6, 2], funds: [[4, 10], [0, 5]], videos: [[1, 420], [2, 150]] },
  { by: 0, oneLiner: "Sourdough from scratch at 3,000 meters altitude", platform: "YouTube", durations: ["MEDIUM"], deadlineDays: -4, up: [5], funds: [[0, 15]] },
  { by: 6, oneLiner: "Duet the city's best street musicians in one afternoon", platform: "TikTok", durations: ["SHORT"], deadlineDays: -9, up: [2, 4], funds: [[6, 10]], videos: [[2, 59]] },
  { by: 3, oneLiner: "Test a tent in a real thunderstorm and review it honestly", platform: "YouTube", durations: ["MEDIUM"], deadlineDays: -12, up: [0, 1, 4, 5], funds: [[3, 40]] },
];

const DEMO_PAST_SHIFT_DAYS = 25;

interface Options {
  convexUrl: string;
  standInsUrl: string;
  adminKey: string;
  log?: (line: string) => void;
}

export async function loadDemo(options: Options) {
  const log = options.log ?? (() => undefined);
  const stack = {
    convexUrl: options.convexUrl,
    standInsUrl: options.standInsUrl,
    env: { CONVEX_LOCAL_ADMIN_KEY: options.adminKey },
  };
  /** Signs everyone in (the same accounts each time); creators connect their channels once. */
  const signInPeople = async (connectChannels: boolean) => {
    const signedIn: ConvexHttpClient[] = [];
    for (const person of PEOPLE) {
      const client = clientFor(
        options.convexUrl,
        await signInThroughStandIn(options.convexUrl, person),
      );
      if (connectChannels) {
        await client.mutation(fn.saveOnboarding, {
          accountType: person.accountType,
          preferredPlatform: person.platform,
        });
        if (person.youtube) await connectYouTube(client, person);
        if (person.tiktok)
          await connectTikTok(client, {
            username: person.tiktok,
            displayName: person.name,
            email: person.email,
          });
      }
      signedIn.push(client);
    }
    return signedIn;
  };
  let clients: ConvexHttpClient[] = [];

  /** Posts an idea as of `now` (the runtime's clock, which may be moved back). */
  const post = async (idea: DemoIdea, deadlineDays: number, now = Date.now()) => {
    const id = (await clients[idea.by]!.mutation(fn.createIdea, {
      oneLiner: idea.oneLiner,
      platform: idea.platform,
      durations: idea.durations,
      expiration: now + deadlineDays * DAY,
      links: idea.links ?? [],
    })) as string;
    for (const voter of idea.up ?? [])
      await clients[voter]!.mutation(fn.voteOnIdea, { ideaId: id, vote: 1 });
    for (const voter of idea.down ?? [])
      await clients[voter]!.mutation(fn.voteOnIdea, { ideaId: id, vote: -1 });
    for (const [funder, dollars] of idea.funds ?? []) {
      const payer =
        funder === null ? { name: "A supporter", email: "supporter@example.com" } : PEOPLE[funder]!;
      const client =
        funder === null
          ? new ConvexHttpClient(options.convexUrl, { logger: false })
          : clients[funder]!;
      await fundIdea(client, options.standInsUrl, id, dollars * 100, {
        name: payer.name,
        email: payer.email,
      });
    }
    const submissions: string[] = [];
    for (const [creator, seconds] of idea.videos ?? []) {
      const person = PEOPLE[creator]!;
      const onTikTok = idea.platform === "TikTok" || (idea.platform === "Any" && !person.youtube);
      const title = `${idea.oneLiner.split(/[,:]/)[0]} — by ${person.name.split(" ")[0]}`;
      const url = onTikTok
        ? await postTikTokVideo(options.standInsUrl, person.tiktok!, {
            title,
            durationSeconds: seconds,
          })
        : await uploadYouTubeVideo(options.standInsUrl, person.email, {
            title,
            durationSeconds: seconds,
          });
      submissions.push(
        (await clients[creator]!.action(fn.submitVideo, { ideaId: id, link: url })) as string,
      );
    }
    // Each video is uploaded after its idea was posted, on the stand-ins' clock, which moves
    // with the runtime's; platforms report publish times to the second and the app compares
    // them at that resolution, so every demo video counts as published after its idea (a video
    // that doesn't cannot win). Checked here so a change to the clocks can't quietly break it.
    if (submissions.length > 0) {
      const cards = (await clients[idea.by]!.query(fn.submissionsOf, { ideaId: id })) as {
        title: string;
        checklist: { publishedAfterIdea: boolean | null };
      }[];
      const early = cards.filter((card) => card.checklist.publishedAfterIdea !== true);
      if (early.length > 0)
        throw new Error(
          `demo videos not published after their idea "${idea.oneLiner}": ${early.map((c) => c.title).join(", ")}`,
        );
    }
    // Viewers vote on the videos, the first one a little more.
    for (const [i, submissionId] of submissions.entries()) {
      for (const voter of (idea.up ?? []).slice(0, i === 0 ? 3 : 1)) {
        if (!(idea.videos ?? []).some(([creator]) => creator === voter)) {
          await clients[voter]!.mutation(fn.voteOnVideo, { submissionId, vote: 1 });
        }
      }
    }
  };

  // The marketplace starts "earlier": the clocks of the runtime and the stand-ins move back
  // before anything is written (creation times only ever increase, as in Convex), people join
  // and the ideas whose deadline has passed are posted; then the clocks return to now and their
  // scheduled closing and settlement run as overdue, through the same code as always.
  const shift = -DEMO_PAST_SHIFT_DAYS * DAY;
  await moveStackClock(stack, shift);
  try {
    clients = await signInPeople(true);
    log(`demo: ${PEOPLE.length} people signed in, creators connected their channels`);
    for (const idea of IDEAS.filter((i) => i.deadlineDays < 0)) {
      await post(idea, idea.deadlineDays + DEMO_PAST_SHIFT_DAYS, Date.now() + shift);
    }
  } finally {
    await moveStackClock(stack, 0);
  }
  // The sessions of back then have expired: everyone signs in again.
  clients = await signInPeople(false);
  for (const idea of IDEAS.filter((i) => i.deadlineDays >= 0))
    await post(idea, idea.deadlineDays + 0.4);
  log(
    `demo: ${IDEAS.length} ideas, ${IDEAS.filter((i) => i.deadlineDays < 0).length} of them past their deadline, with videos and funded bounties`,
  );
}
