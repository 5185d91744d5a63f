// Filter chips: a platform filter narrows the list on the server and survives a reload.
import { expect, test } from "../support/fixtures.js";
import { newBackendPerson, postIdea, uniqueWord } from "../support/backend.js";

test("filtering by TikTok shows only TikTok ideas, and the filter survives a reload", async ({
  page,
  visit,
}) => {
  const word = uniqueWord();
  const poster = await newBackendPerson("Filter Poster");
  await postIdea(poster, { oneLiner: `TikTok dance ${word}`, platform: "TikTok" });
  await postIdea(poster, { oneLiner: `YouTube essay ${word}`, platform: "YouTube" });
  await postIdea(poster, { oneLiner: `Either platform ${word}`, platform: "Any" });

  await visit(page, `/search?q=${word}`);
  const titles = page.locator("article h2 a, article h3 a");
  await expect(titles).toHaveCount(3);

  await page
    .getByRole("group", { name: "Platform" })
    .getByRole("button", { name: "TikTok" })
    .click();
  await expect(page).toHaveURL(/[?&]platform=TikTok/);
  await expect(titles).toHaveText([`TikTok dance ${word}`]);

  await page.reload();
  await expect(
    page.getByRole("group", { name: "Platform" }).getByRole("button", { name: "TikTok" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(titles).toHaveText([`TikTok dance ${word}`]);
});
