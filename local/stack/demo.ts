// The demo marketplace: on a fresh database the local stack fills in people, ideas across
// platforms, durations and deadlines (some already past), and votes — all through the real
// functions, signed in through the sign-in stand-in, so a newcomer sees a living product.
import type { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { clientFor, signInThroughStandIn, type Person } from "./signInClient.js";

const DAY = 24 * 3600 * 1000;
// The app's functions by name: the stack is tooling and does not import the app's code.
const fn = {
  saveOnboarding: makeFunctionReference<"mutation">("users:saveOnboarding"),
  createIdea: makeFunctionReference<"mutation">("proposals:create"),
  voteOnIdea: makeFunctionReference<"mutation">("proposals:vote"),
};

interface DemoPerson extends Person {
  accountType: "Creator" | "Viewer" | "Business";
  platform: "YouTube" | "TikTok" | "Both";
}

const PEOPLE: DemoPerson[] = [
  { name: "Maya Chen", email: "maya.chen@example.com", accountType: "Viewer", platform: "Both" },
  {
    name: "Jonas Weber",
    email: "jonas.weber@example.com",
    accountType: "Creator",
    platform: "YouTube",
  },
  {
    name: "Priya Raman",
    email: "priya.raman@example.com",
    accountType: "Creator",
    platform: "TikTok",
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
  /** Days from today; negative ideas are already past their deadline. */
  deadlineDays: number;
  links?: string[];
  /** Voters by index into PEOPLE: positive up, negative (bitwise-not) down. */
  up?: number[];
  down?: number[];
}

const IDEAS: DemoIdea[] = [
  {
    by: 0,
    oneLiner: "Cook every dish from a 1950s diner menu in one day",
    platform: "YouTube",
    durations: ["MEDIUM", "LONG"],
    deadlineDays: 21,
    links: ["https://en.wikipedia.org/wiki/Diner"],
    up: [1, 2, 4, 5, 6],
  },
  {
    by: 3,
    oneLiner: "Hike the Lost Coast Trail with only gear from Trailhead Outfitters",
    platform: "YouTube",
    durations: ["MEDIUM"],
    deadlineDays: 30,
    links: ["https://en.wikipedia.org/wiki/Lost_Coast_Trail"],
    up: [0, 4, 6],
  },
  {
    by: 4,
    oneLiner: "Explain how undersea internet cables are repaired, with real footage",
    platform: "YouTube",
    durations: ["MEDIUM"],
    deadlineDays: 12,
    up: [0, 1, 5],
    down: [6],
  },
  {
    by: 6,
    oneLiner: "60-second history of every emoji flag you can't pronounce",
    platform: "TikTok",
    durations: ["SHORT"],
    deadlineDays: 5,
    up: [2, 0],
  },
  {
    by: 0,
    oneLiner: "A blind taste test of every gas-station coffee on Route 66",
    platform: "Any",
    durations: ["SHORT", "MEDIUM"],
    deadlineDays: 9,
    up: [4, 6, 1],
  },
  {
    by: 5,
    oneLiner: "Restore a rusted 1970s bicycle using only hand tools",
    platform: "YouTube",
    durations: ["LONG"],
    deadlineDays: 45,
    links: ["https://en.wikipedia.org/wiki/Bicycle_restoration"],
    up: [0],
  },
  {
    by: 2,
    oneLiner: "Teach one tiny Japanese phrase a day using street signs in Osaka",
    platform: "TikTok",
    durations: ["SHORT"],
    deadlineDays: 3,
    up: [6, 0, 5, 4],
  },
  {
    by: 3,
    oneLiner: "Pack a week-long trip into one carry-on: a real packing challenge",
    platform: "Any",
    durations: ["SHORT", "MEDIUM"],
    deadlineDays: 16,
    up: [6],
  },
  {
    by: 1,
    oneLiner: "Build a working arcade cabinet from a single sheet of plywood",
    platform: "YouTube",
    durations: ["MEDIUM", "LONG"],
    deadlineDays: 60,
    up: [4, 5],
  },
  {
    by: 4,
    oneLiner: "Ask 100 strangers what they would do with an extra hour each day",
    platform: "Any",
    durations: ["SHORT"],
    deadlineDays: 1,
    up: [0, 2],
    down: [1],
  },
  {
    by: 6,
    oneLiner: "Rate every vending-machine snack in a Tokyo train station",
    platform: "TikTok",
    durations: ["SHORT"],
    deadlineDays: 7,
  },
  {
    by: 0,
    oneLiner: "Document a city's night-shift workers from dusk to dawn",
    platform: "YouTube",
    durations: ["LONG"],
    deadlineDays: 90,
    up: [1, 5],
  },
  // Already past their deadline (created earlier, through the same functions).
  {
    by: 4,
    oneLiner: "Speedrun assembling flat-pack furniture without the instructions",
    platform: "Any",
    durations: ["SHORT", "MEDIUM"],
    deadlineDays: -2,
    up: [0, 6, 2],
  },
  {
    by: 0,
    oneLiner: "Sourdough from scratch at 3,000 meters altitude",
    platform: "YouTube",
    durations: ["MEDIUM"],
    deadlineDays: -4,
    up: [5],
  },
  {
    by: 6,
    oneLiner: "Duet the city's best street musicians in one afternoon",
    platform: "TikTok",
    durations: ["SHORT"],
    deadlineDays: -9,
    up: [2, 4],
  },
  {
    by: 3,
    oneLiner: "Test a tent in a real thunderstorm and review it honestly",
    platform: "YouTube",
    durations: ["MEDIUM"],
    deadlineDays: -12,
    up: [0, 1, 4, 5],
  },
];

const DEMO_PAST_SHIFT_DAYS = 25;

async function moveClock(convexUrl: string, adminKey: string, offsetMs: number) {
  const response = await fetch(`${convexUrl}/api/local/clock`, {
    method: "POST",
    headers: { Authorization: `Convex ${adminKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ offsetMs }),
  });
  if (!response.ok) throw new Error(`Could not move the runtime's clock: ${response.status}`);
}

export async function loadDemo(options: {
  convexUrl: string;
  adminKey: string;
  log?: (line: string) => void;
}) {
  const log = options.log ?? (() => undefined);
  const clients: ConvexHttpClient[] = [];
  for (const person of PEOPLE) {
    const client = clientFor(
      options.convexUrl,
      await signInThroughStandIn(options.convexUrl, person),
    );
    await client.mutation(fn.saveOnboarding, {
      accountType: person.accountType,
      preferredPlatform: person.platform,
    });
    clients.push(client);
  }
  log(`demo: ${PEOPLE.length} people signed in`);

  const post = async (idea: DemoIdea, now: number) => {
    const id = await clients[idea.by]!.mutation(fn.createIdea, {
      oneLiner: idea.oneLiner,
      platform: idea.platform,
      durations: idea.durations,
      expiration: now + idea.deadlineDays * DAY,
      links: idea.links ?? [],
    });
    for (const voter of idea.up ?? [])
      await clients[voter]!.mutation(fn.voteOnIdea, { proposalId: id, vote: 1 });
    for (const voter of idea.down ?? [])
      await clients[voter]!.mutation(fn.voteOnIdea, { proposalId: id, vote: -1 });
    return id;
  };

  // Ideas whose deadline has passed were posted "earlier": move the runtime's clock back while
  // posting them, then forward again; their scheduled transitions then run as overdue.
  const shift = -DEMO_PAST_SHIFT_DAYS * DAY;
  await moveClock(options.convexUrl, options.adminKey, shift);
  try {
    for (const idea of IDEAS.filter((i) => i.deadlineDays < 0)) {
      await post(
        { ...idea, deadlineDays: idea.deadlineDays + DEMO_PAST_SHIFT_DAYS },
        Date.now() + shift,
      );
    }
  } finally {
    await moveClock(options.convexUrl, options.adminKey, 0);
  }
  for (const idea of IDEAS.filter((i) => i.deadlineDays >= 0)) {
    await post({ ...idea, deadlineDays: idea.deadlineDays + 0.4 }, Date.now());
  }
  log(
    `demo: ${IDEAS.length} ideas posted, ${IDEAS.filter((i) => i.deadlineDays < 0).length} of them past their deadline`,
  );
}
