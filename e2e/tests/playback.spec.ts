// Submission cards play their video in the page (issue 17 item 2): the cover is a button, and a
// click swaps in the platform's official embed player without leaving the idea. Offline the
// player's own page cannot load (no YouTube here); what is checked is ours: the player frame
// appears in place, pointed at the platform's embed URL for that video, and the reader stays put.
import { expect, test } from "../support/fixtures.js";
import { fn, newBackendPerson, postIdea, standInsUrl, uniqueWord } from "../support/backend.js";
import { connectYouTube, uploadYouTubeVideo } from "../../local/stack/scriptedFlows.js";

test("a submitted video plays in the idea page on click, loading the player only then", async ({
  page,
  visit,
}) => {
  const word = uniqueWord();
  const poster = await newBackendPerson("Playback poster");
  const ideaId = await postIdea(poster, { oneLiner: `Harbour cranes at dawn ${word}` });
  const creator = await newBackendPerson("Playback creator", "Creator");
  await connectYouTube(creator.client, creator.person);
  const title = `Cranes ${word}`;
  const url = await uploadYouTubeVideo(standInsUrl(), creator.person.email, {
    title,
    durationSeconds: 95,
  });
  await creator.client.action(fn.submitVideo, { ideaId: ideaId, link: url });
  const videoId = new URL(url).searchParams.get("v") ?? url.split("/").pop()!;

  const ideaPath = `/expanded-proposal/${ideaId}`;
  await visit(page, ideaPath);
  const play = page.getByRole("button", { name: `Play ${title} here` });
  await expect(play).toBeVisible({ timeout: 15_000 });
  await expect(play).toContainText("1:35");
  // Nothing from the platform loads before the click.
  await expect(page.locator("iframe")).toHaveCount(0);

  await play.click();
  const frame = page.locator(`iframe[title="${title} (YouTube player)"]`);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute(
    "src",
    new RegExp(`^https://www\\.youtube(-nocookie)?\\.com/embed/${videoId}\\?autoplay=1`),
  );
  await expect(page).toHaveURL(new RegExp(`${ideaPath}$`));
  // The link to the platform stays, readable, for those who prefer to watch there.
  await expect(page.getByRole("link", { name: `${title} (opens in a new tab)` })).toHaveAttribute(
    "href",
    url,
  );
});
