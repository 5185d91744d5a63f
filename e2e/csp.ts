// `npm run check:csp`: builds the web app and serves it with `vite preview` (which sends the
// security headers of vite.config.ts) beside a throw-away local stack, then:
// 1. docs/deploying.md's production headers must be what that same definition gives for a deployment
//    (`npm run headers -- --write` regenerates them);
// 2. Debian's Chromium opens the landing page, Discover, Login and an idea page, and plays a
//    YouTube and a TikTok video in the page (the platforms' embed players, answered here by a
//    stand-in page since this machine is offline: the CSP decides before any request);
// and it fails on any CSP violation or console error.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { makeFunctionReference } from "convex/server";
import { startStack } from "../local/stack/stack.js";
import { clientFor, signInThroughStandIn } from "../local/stack/signInClient.js";
import {
  connectTikTok,
  connectYouTube,
  postTikTokVideo,
  uploadYouTubeVideo,
} from "../local/stack/scriptedFlows.js";
import { documentedBlock, currentDocBlock } from "./support/securityHeadersDoc.js";
import { EMBED_ORIGINS } from "../src/lib/embedOrigins.js";

const fn = {
  saveOnboarding: makeFunctionReference<"mutation">("users:saveOnboarding"),
  createIdea: makeFunctionReference<"mutation">("ideas:create"),
  submitVideo: makeFunctionReference<"action">("submissions:submit"),
};

const dataDir = mkdtempSync(path.join(tmpdir(), "bounties-csp-"));
const stack = await startStack({
  dataDir,
  envFile: path.join(dataDir, "env"),
  portOffset: Number(process.env.CSP_PORT_OFFSET ?? 777),
  web: "preview",
  reuseBuild: process.env.STACK_REUSE_BUILD === "1",
  quietFunctions: true,
});
const problems: string[] = [];
try {
  // 1. docs/deploying.md documents what the build is served with.
  if (currentDocBlock() !== documentedBlock())
    problems.push(
      "docs/deploying.md's production security headers differ from vite.config.ts securityHeaders(): run `npm run headers -- --write`",
    );

  // An idea with a YouTube and a TikTok video to play.
  const person = async (name: string, email: string) => {
    const client = clientFor(
      stack.convexUrl,
      await signInThroughStandIn(stack.convexUrl, { name, email }),
    );
    await client.mutation(fn.saveOnboarding, { accountType: "Creator", preferredPlatform: "Both" });
    return client;
  };
  const poster = await person("Csp Poster", `csp.poster.${Date.now()}@example.com`);
  const ideaId = (await poster.mutation(fn.createIdea, {
    oneLiner: "Lighthouses after dark",
    platform: "Any",
    durations: ["SHORT", "MEDIUM"],
    expiration: Date.now() + 14 * 24 * 3600_000,
    links: [],
  })) as string;
  const creator = { name: "Csp Creator", email: `csp.creator.${Date.now()}@example.com` };
  const creatorClient = await person(creator.name, creator.email);
  await connectYouTube(creatorClient, creator);
  const tiktokUser = `csp.maker${Date.now() % 100000}`;
  await connectTikTok(creatorClient, { username: tiktokUser, displayName: "Csp Maker" });
  const youtube = await uploadYouTubeVideo(stack.standInsUrl, creator.email, {
    title: "Lighthouse YouTube",
    durationSeconds: 95,
  });
  const tiktok = await postTikTokVideo(stack.standInsUrl, tiktokUser, {
    title: "Lighthouse TikTok",
    durationSeconds: 30,
  });
  for (const link of [youtube, tiktok])
    await creatorClient.action(fn.submitVideo, { ideaId: ideaId, link });

  // 2. The pages and the players in Chromium.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const context = await browser.newContext();
  // The platforms' players, offline: a page that plays a (silent, generated) video.
  const player = `<!doctype html><title>Player</title><video id="v" muted autoplay playsinline></video>
<script>const c=document.createElement("canvas");c.width=c.height=16;c.getContext("2d").fillRect(0,0,16,16);
const v=document.getElementById("v");v.srcObject=c.captureStream(1);v.play().then(()=>document.title="playing");</script>`;
  const served: string[] = [];
  for (const origin of Object.values(EMBED_ORIGINS))
    await context.route(`${origin}/**`, (route) => {
      served.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: player });
    });
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" || /Content.Security.Policy/i.test(m.text()))
      problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const response = await page.goto(`${stack.webUrl}/`, { waitUntil: "networkidle" });
  const headers = response!.headers();
  for (const name of [
    "content-security-policy",
    "referrer-policy",
    "x-content-type-options",
    "x-frame-options",
    "strict-transport-security",
  ]) {
    console.log(`${name}: ${headers[name] ?? "(missing)"}`);
    if (!headers[name]) problems.push(`missing header ${name}`);
  }
  await page.getByRole("heading", { level: 1 }).waitFor();
  for (const route of ["/discover", "/login"]) {
    await page.goto(`${stack.webUrl}${route}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1000);
  }
  await page.goto(`${stack.webUrl}/expanded-proposal/${ideaId}`, { waitUntil: "networkidle" });
  for (const [title, platform] of [
    ["Lighthouse YouTube", "YouTube"],
    ["Lighthouse TikTok", "TikTok"],
  ] as const) {
    await page.getByRole("button", { name: `Play ${title} here` }).click({ timeout: 20_000 });
    const frame = page.frameLocator(`iframe[title="${title} (${platform} player)"]`);
    await frame.locator("video").waitFor({ timeout: 10_000 });
    const playing = await page
      .frames()
      .find((f) => f.url().startsWith(EMBED_ORIGINS[platform]))
      ?.waitForFunction(() => document.title === "playing", undefined, { timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!playing) problems.push(`the ${platform} player did not load and play`);
  }
  if (served.length < 2) problems.push(`players requested: ${served.join(", ") || "none"}`);
  await page.waitForTimeout(500);
  await browser.close();
} catch (e) {
  problems.push(`check failed: ${(e as Error).stack ?? String(e)}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  "docs/deploying.md's headers match the build; pages and both players: no CSP violations or console errors.",
);
