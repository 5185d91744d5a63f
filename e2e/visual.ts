// Every page of a running stack (with the demo data of `npm start`), at 1280 and 390 px, light
// and dark, signed out and signed in, then compared pixel by pixel with an earlier set: for
// changes that must not show (a restyle, a move of files).
//   npm run shots -- shots --base http://localhost:5473 --out /tmp/shots-before
//   npm run shots -- shots --base http://localhost:5473 --out /tmp/shots-after --now-from /tmp/shots-before
//   npm run shots -- compare /tmp/shots-before /tmp/shots-after --out /tmp/shots-diff
// The browser's clock is fixed (and kept for the next set with --now-from), motion is reduced and
// animations stopped, so two sets of the same data differ only where the pages do. `--admin-key`
// (or E2E_ADMIN_KEY, else CONVEX_LOCAL_ADMIN_KEY from --env) makes one demo person an operator.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string", default: "http://localhost:5173" },
    convex: { type: "string" },
    env: { type: "string", default: ".env.localstack" },
    "admin-key": { type: "string" },
    out: { type: "string" },
    now: { type: "string" },
    "now-from": { type: "string" },
    widths: { type: "string", default: "1280,390" },
    schemes: { type: "string", default: "light,dark" },
    // Only the pages whose name contains one of these (e.g. "maya-profile,out-idea").
    only: { type: "string" },
    "load-lazy": { type: "boolean", default: false },
    // Pixels may differ by this share of the image before a pair is reported.
    threshold: { type: "string", default: "0" },
    // `stack`: the local stack with the production build (`vite preview`), as people see it.
    "port-offset": { type: "string", default: "300" },
    data: { type: "string", default: "/tmp/visual-data" },
    // The checkout whose web app (and stack) to serve: another one holds the code to compare with.
    root: { type: "string", default: path.resolve(import.meta.dirname, "..") },
  },
});

// ---------- The pages ----------

interface Persona {
  key: string;
  name: string;
  email: string;
  admin?: boolean;
}
const MAYA: Persona = { key: "maya", name: "Maya Chen", email: "maya.chen@example.com" };
const JONAS: Persona = { key: "jonas", name: "Jonas Weber", email: "jonas.weber@example.com" };
const LEO: Persona = {
  key: "leo",
  name: "Leo Martins",
  email: "leo.martins@example.com",
  admin: true,
};
const NEWCOMER: Persona = {
  key: "newcomer",
  name: "Visual Newcomer",
  email: "visual.newcomer@example.com",
};

/** Demo ideas by their one-liner (local/stack/demo.ts). */
const IDEAS = {
  diner: "Cook every dish from a 1950s diner menu in one day",
  cables: "Explain how undersea internet cables are repaired, with real footage",
  bicycle: "Restore a rusted 1970s bicycle using only hand tools",
  flatpack: "Speedrun assembling flat-pack furniture without the instructions",
  sourdough: "Sourdough from scratch at 3,000 meters altitude",
  musicians: "Duet the city's best street musicians in one afternoon",
  tent: "Test a tent in a real thunderstorm and review it honestly",
};
type IdeaKey = keyof typeof IDEAS;

interface Shot {
  name: string;
  /** A path, or one worked out from the ideas' ids and the page itself. */
  path: string | ((ids: Ids, page: Page) => Promise<string>);
}
interface Ids {
  idea: Record<IdeaKey, string>;
  jonas: string;
}

const idea = (key: IdeaKey) => async (ids: Ids) => `/expanded-proposal/${ids.idea[key]}`;

const SIGNED_OUT: Shot[] = [
  { name: "home", path: "/" },
  { name: "ideas", path: "/ideas" },
  { name: "discover", path: "/discover" },
  { name: "search", path: "/search?q=coffee" },
  { name: "completed", path: "/completed" },
  { name: "idea-open-videos-money", path: idea("cables") },
  { name: "idea-open-no-videos", path: idea("bicycle") },
  { name: "idea-judging", path: idea("flatpack") },
  { name: "idea-awarded", path: idea("musicians") },
  { name: "idea-refunded", path: idea("tent") },
  { name: "submit", path: "/submit" },
  { name: "submit-content", path: async (ids) => `/submit-content/${ids.idea.diner}` },
  { name: "login", path: "/login" },
  { name: "creator", path: async (ids) => `/creators/${ids.jonas}` },
  { name: "privacy", path: "/privacy-policy" },
  { name: "terms", path: "/terms-of-service" },
  { name: "not-found", path: "/no-such-page" },
];

const SIGNED_IN: Record<string, Shot[]> = {
  maya: [
    { name: "home", path: "/" },
    { name: "ideas", path: "/ideas" },
    { name: "idea-own-funded", path: idea("diner") },
    { name: "idea-judging-pick", path: idea("flatpack") },
    { name: "idea-own-refunded", path: idea("sourdough") },
    { name: "submit", path: "/submit" },
    { name: "submit-content", path: async (ids) => `/submit-content/${ids.idea.diner}` },
    {
      name: "contribution",
      path: async (ids, page) => {
        await open(page, `/expanded-proposal/${ids.idea.diner}`);
        const details = page.locator('a[href^="/contribution/"]').first();
        return (await details.getAttribute("href")) ?? "/contribution";
      },
    },
    { name: "profile-bounties", path: "/profile?tab=bounties" },
    { name: "profile-submissions", path: "/profile?tab=submissions" },
    { name: "profile-settings", path: "/profile?tab=settings" },
    { name: "inbox", path: "/inbox" },
    { name: "creator", path: async (ids) => `/creators/${ids.jonas}` },
  ],
  jonas: [
    { name: "profile-submissions", path: "/profile?tab=submissions" },
    { name: "profile-settings", path: "/profile?tab=settings" },
    { name: "submit-content", path: async (ids) => `/submit-content/${ids.idea.bicycle}` },
    { name: "idea-with-own-video", path: idea("cables") },
  ],
  newcomer: [{ name: "onboard", path: "/onboard" }],
  leo: [{ name: "operator", path: "/operator" }],
};

// ---------- The stack ----------

/**
 * The local stack with the web app built for production and served by `vite preview` (one
 * stylesheet, in the build's order), on the demo data; Ctrl-C stops it. Signing in returns to
 * the stack's SITE_URL, so the screenshots are taken on this same origin.
 */
async function stack() {
  const root = path.resolve(values.root);
  const { startStack } = (await import(
    path.join(root, "local/stack/stack.ts")
  )) as typeof import("../local/stack/stack.js");
  const { loadDemo } = (await import(
    path.join(root, "local/stack/demo.ts")
  )) as typeof import("../local/stack/demo.js");
  const fresh = !existsSync(values.data);
  const running = await startStack({
    dataDir: values.data,
    envFile: values.env,
    web: "preview",
    portOffset: Number(values["port-offset"]),
    quietFunctions: true,
  });
  if (fresh) {
    await loadDemo({
      convexUrl: running.convexUrl,
      standInsUrl: running.standInsUrl,
      adminKey: running.env.CONVEX_LOCAL_ADMIN_KEY!,
      log: (line) => console.log(line),
    });
  }
  console.log(`visual stack: ${running.webUrl} (convex ${running.convexUrl}), web app of ${root}`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  await new Promise(() => undefined);
}

// ---------- Taking a set ----------

async function open(page: Page, route: string) {
  await page.goto(new URL(route, values.base).href);
  await page.waitForLoadState("networkidle");
  // Lazy pages, live queries and AfterFirstPaint placeholders settle.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => undefined);
  // Lazy images load once near the screen: with --load-lazy, pass over the page first so a
  // full-page shot has them all (long lists may then load more of themselves: use it for both sets).
  if (values["load-lazy"]) await loadLazyImages(page);
  await page.waitForTimeout(700);
}

async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page
    .waitForFunction(() => [...document.images].every((image) => image.complete), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
}

function adminKey(): string | undefined {
  if (values["admin-key"]) return values["admin-key"];
  if (process.env.E2E_ADMIN_KEY) return process.env.E2E_ADMIN_KEY;
  if (!existsSync(values.env)) return undefined;
  return /^CONVEX_LOCAL_ADMIN_KEY=(.*)$/m.exec(readFileSync(values.env, "utf8"))?.[1]?.trim();
}

function convexUrl(): string {
  if (values.convex) return values.convex;
  if (existsSync(values.env)) {
    const url = /^VITE_CONVEX_URL=(.*)$/m.exec(readFileSync(values.env, "utf8"))?.[1]?.trim();
    if (url) return url;
  }
  // The stack's ports move together (local/stack/ports.ts): web 5173, convex 3210.
  const web = Number(new URL(values.base).port || 80);
  return `http://127.0.0.1:${3210 + (web - 5173)}`;
}

async function grantAdmin(email: string) {
  const key = adminKey();
  if (!key) throw new Error("no admin key: pass --admin-key or --env");
  const response = await fetch(`${convexUrl()}/api/mutation`, {
    method: "POST",
    headers: { Authorization: `Convex ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      path: "operator:grantAdmin",
      format: "convex_encoded_json",
      args: [{ email }],
    }),
  });
  const body = (await response.json()) as { status: string; errorMessage?: string };
  if (body.status !== "success")
    throw new Error(`grantAdmin: ${body.errorMessage ?? response.status}`);
}

async function signIn(context: BrowserContext, persona: Persona) {
  const page = await context.newPage();
  await page.goto(new URL("/login", values.base).href);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByLabel("Name").fill(persona.name);
  await page.getByLabel("Email").fill(persona.email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.waitForURL(
    (url) =>
      !/\/login|\/oauth|\/authorize/.test(url.pathname) && url.port === new URL(values.base).port,
    { timeout: 30_000 },
  );
  await page.waitForLoadState("networkidle");
  await page.close();
}

async function findIds(browser: Browser): Promise<Ids> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const idea = {} as Record<IdeaKey, string>;
  const searches = Object.values(IDEAS).map(
    (oneLiner) => `/search?q=${encodeURIComponent(oneLiner.split(" ").slice(0, 4).join(" "))}`,
  );
  for (const list of ["/ideas", "/completed", ...searches]) {
    if ((Object.keys(IDEAS) as IdeaKey[]).every((key) => idea[key])) break;
    await open(page, list);
    // The list comes over the sync socket: wait for it (a busy machine is slow).
    await page
      .locator('a[href^="/expanded-proposal/"]')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    // Long lists load more as they scroll.
    for (let i = 0; i < 5; i++) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(300);
    }
    for (const [key, oneLiner] of Object.entries(IDEAS) as [IdeaKey, string][]) {
      if (idea[key]) continue;
      const link = page.locator('a[href^="/expanded-proposal/"]', { hasText: oneLiner }).first();
      if ((await link.count()) === 0) continue;
      idea[key] = (await link.getAttribute("href"))!.split("/").pop()!;
    }
  }
  const missing = (Object.keys(IDEAS) as IdeaKey[]).filter((key) => !idea[key]);
  if (missing.length) throw new Error(`ideas not found in the lists: ${missing.join(", ")}`);
  await open(page, `/expanded-proposal/${idea.cables}`);
  const creator = page.locator('a[href^="/creators/"]', { hasText: "Jonas" }).first();
  const jonas = (await creator.getAttribute("href"))!.split("/").pop()!;
  await context.close();
  return { idea, jonas };
}

async function shots() {
  const out = values.out ?? "e2e/.artifacts/visual";
  mkdirSync(out, { recursive: true });
  const now = values["now-from"]
    ? (
        JSON.parse(readFileSync(path.join(values["now-from"], "meta.json"), "utf8")) as {
          now: number;
        }
      ).now
    : values.now
      ? Number(values.now)
      : Date.now();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--font-render-hinting=none",
    ],
  });
  const ids = await findIds(browser);
  writeFileSync(
    path.join(out, "meta.json"),
    JSON.stringify({ now, base: values.base, ids }, null, 2),
  );
  const widths = values.widths.split(",").map(Number);
  const schemes = values.schemes.split(",") as ("light" | "dark")[];
  const groups: [Persona | null, Shot[]][] = [
    [null, SIGNED_OUT],
    [MAYA, SIGNED_IN.maya!],
    [JONAS, SIGNED_IN.jonas!],
    [NEWCOMER, SIGNED_IN.newcomer!],
    [LEO, SIGNED_IN.leo!],
  ];
  if (LEO.admin) {
    // Leo must exist before the role is granted: sign in once.
    const context = await browser.newContext();
    await signIn(context, LEO);
    await context.close();
    await grantAdmin(LEO.email);
  }
  let count = 0;
  const pageErrors: string[] = [];
  for (const [persona, list] of groups) {
    const prefix = persona ? persona.key : "out";
    const wanted = list.filter(
      (shot) =>
        !values.only ||
        values.only.split(",").some((part) => `${prefix}-${shot.name}`.includes(part)),
    );
    if (wanted.length === 0) continue;
    for (const scheme of schemes) {
      const context = await browser.newContext({
        colorScheme: scheme,
        reducedMotion: "reduce",
        deviceScaleFactor: 1,
      });
      await context.clock.setFixedTime(now);
      if (persona) await signIn(context, persona);
      const page = await context.newPage();
      // A page that throws is a broken page, whatever its picture shows.
      page.on("pageerror", (error) => {
        pageErrors.push(`${prefix} ${scheme} ${page.url()}: ${error.message}`);
      });
      for (const width of widths) {
        await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
        for (const shot of wanted) {
          const route = typeof shot.path === "string" ? shot.path : await shot.path(ids, page);
          await open(page, route);
          // The caret of a focused field blinks.
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
          const file = path.join(out, `${prefix}-${shot.name}-${width}-${scheme}.png`);
          await page.screenshot({
            path: file,
            fullPage: true,
            animations: "disabled",
            caret: "hide",
          });
          count += 1;
          console.log(`${file}  (${route})`);
        }
      }
      await context.close();
    }
  }
  await browser.close();
  console.log(`${count} screenshots in ${out}`);
  for (const error of new Set(pageErrors)) console.log(`page error: ${error}`);
  if (pageErrors.length) process.exitCode = 1;
}

// ---------- Comparing two sets ----------

/** The first row (from the top) where two screenshots differ, or null. */
function firstDifferentRow(a: PNG, b: PNG): number | null {
  const width = Math.min(a.width, b.width);
  for (let y = 0; y < Math.min(a.height, b.height); y++) {
    for (let x = 0; x < width; x++) {
      const i = (a.width * y + x) * 4;
      const j = (b.width * y + x) * 4;
      if (
        Math.abs(a.data[i]! - b.data[j]!) +
          Math.abs(a.data[i + 1]! - b.data[j + 1]!) +
          Math.abs(a.data[i + 2]! - b.data[j + 2]!) >
        24
      )
        return y;
    }
  }
  return a.height === b.height ? null : Math.min(a.height, b.height);
}

/** Before and after side by side, cut around row `y`, for looking at one difference. */
function sideBySide(a: PNG, b: PNG, y: number): PNG {
  const top = Math.max(0, y - 120);
  const height = Math.min(600, Math.max(a.height, b.height) - top);
  const gap = 12;
  const out = new PNG({ width: a.width + gap + b.width, height });
  out.data.fill(0xff);
  for (const [image, left] of [
    [a, 0],
    [b, a.width + gap],
  ] as const) {
    for (let row = 0; row < height && top + row < image.height; row++) {
      const from = image.width * (top + row) * 4;
      image.data.copy(out.data, (out.width * row + left) * 4, from, from + image.width * 4);
    }
  }
  return out;
}

function compare(before: string, after: string) {
  const out = values.out;
  if (out) mkdirSync(out, { recursive: true });
  const threshold = Number(values.threshold);
  const names = readdirSync(before).filter((name) => name.endsWith(".png"));
  const differing: string[] = [];
  const missing = names.filter((name) => !existsSync(path.join(after, name)));
  for (const name of names) {
    if (!existsSync(path.join(after, name))) continue;
    const a = PNG.sync.read(readFileSync(path.join(before, name)));
    const b = PNG.sync.read(readFileSync(path.join(after, name)));
    let summary: string | null = null;
    if (a.width !== b.width || a.height !== b.height) {
      summary = `size ${a.width}x${a.height} → ${b.width}x${b.height}`;
    } else {
      const diff = new PNG({ width: a.width, height: a.height });
      const pixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
      if (pixels > threshold * a.width * a.height) {
        summary = `${pixels} pixels (${((100 * pixels) / (a.width * a.height)).toFixed(3)}%)`;
        if (out)
          writeFileSync(path.join(out, name.replace(/\.png$/, ".diff.png")), PNG.sync.write(diff));
      }
    }
    if (summary === null) continue;
    const y = firstDifferentRow(a, b);
    differing.push(`${name}: ${summary}, first at y=${y}`);
    if (out && y !== null)
      writeFileSync(
        path.join(out, name.replace(/\.png$/, ".pair.png")),
        PNG.sync.write(sideBySide(a, b, y)),
      );
  }
  for (const name of missing) console.log(`missing in ${after}: ${name}`);
  for (const line of differing) console.log(`differs  ${line}`);
  console.log(`${names.length} compared, ${differing.length} differ, ${missing.length} missing`);
  if (differing.length || missing.length) process.exitCode = 1;
}

const [command, ...rest] = positionals;
if (command === "stack") await stack();
else if (command === "shots") await shots();
else if (command === "compare") compare(rest[0]!, rest[1]!);
else {
  console.error(
    "usage: visual.ts stack [--port-offset N --data DIR --env FILE] | shots --base URL --out DIR | compare BEFORE AFTER [--out DIR]",
  );
  process.exit(2);
}
