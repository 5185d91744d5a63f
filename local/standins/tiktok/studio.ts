// The TikTok stand-in's "studio": a page listing its people and their videos, with a form to
// post a video as one of them, for manual testing.
import { escapeHtml, page } from "../framework.js";
import {
  noticeHtml,
  publishTimeField,
  textareaStyle,
  type StudioNotice,
} from "../youtube/studio.js";
import { canonicalUrl, shortUrl, type Person, type TikTokVideo } from "./data.js";

export function studioPage(
  people: Person[],
  videosOf: (person: Person) => TikTokVideo[],
  notice?: StudioNotice,
  status = 200,
): Response {
  const rows = people
    .map((person) => {
      const videos = videosOf(person);
      const list = videos
        .slice(0, 8)
        .map(
          (v) =>
            `<li><a href="${canonicalUrl(v)}">${escapeHtml(v.title)}</a> <span class="note">${shortUrl(v)}</span>${v.private ? ' <span class="badge">private</span>' : ""}</li>`,
        )
        .join("");
      return `<section style="border-top:1px solid #e4e6ee;padding-top:10px;margin-top:10px">
<strong>${escapeHtml(person.displayName)}</strong> <span class="note">@${escapeHtml(person.username)}${person.email ? ` · ${escapeHtml(person.email)}` : ""}</span>
<ul style="margin:4px 0 0;padding-left:18px;font-size:.9rem">${list}${videos.length > 8 ? `<li>…and ${videos.length - 8} more</li>` : ""}</ul></section>`;
    })
    .join("");
  const usernames = people.map((p) => `<option value="${escapeHtml(p.username)}">`).join("");
  return page(
    "TikTok Studio (local)",
    `<span class="badge">Local stand-in</span><h1>TikTok Studio</h1>
<p class="note">Post a video as one of the stand-in's TikTok people.</p>
${noticeHtml(notice)}
<form method="post">
<label for="username">Username</label><input id="username" name="username" list="usernames" required pattern="@?[A-Za-z0-9._]{2,24}"><datalist id="usernames">${usernames}</datalist>
<label for="title">Title</label><input id="title" name="title" required maxlength="150">
<label for="description">Description</label><textarea id="description" name="description" rows="3" style="${textareaStyle}"></textarea>
<label for="durationSeconds">Duration (seconds)</label><input id="durationSeconds" name="durationSeconds" type="number" min="1" max="3600" required value="45">
${publishTimeField("createTime", "Posted")}
<label style="font-weight:400"><input type="checkbox" name="private" value="true" style="width:auto"> Private (only me)</label>
<button type="submit">Post video</button>
</form>
<h2 style="font-size:1.1rem;margin-top:24px">People</h2>${rows}`,
    status,
  );
}
