// The YouTube stand-in's "studio": a page listing the channels it knows (marking those that
// connected to Bounties) with a form to upload a video to one of them, for manual testing.
import { escapeHtml, page } from "../framework.js";
import { watchUrl, type Channel, type Video } from "./data.js";

export interface StudioNotice {
  ok: boolean;
  text: string;
  link?: string;
}

/**
 * A "published"/"posted" field: empty means the moment of the upload (a default filled in when
 * the page was drawn would be earlier than the upload, and at minute resolution earlier still
 * than an idea posted in the same minute); a chosen time may have seconds, read in the server's
 * (= tester's) zone.
 */
export const publishTimeField = (name: string, label: string) =>
  `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="datetime-local" step="1" aria-describedby="${name}-hint">
<p class="note" id="${name}-hint" style="margin:2px 0 0">Leave empty for the moment you upload.</p>`;

export const noticeHtml = (notice?: StudioNotice) =>
  notice
    ? `<p role="${notice.ok ? "status" : "alert"}" style="color:${notice.ok ? "#067647" : "#b42318"}">${escapeHtml(notice.text)}${
        notice.link ? ` <a href="${escapeHtml(notice.link)}">${escapeHtml(notice.link)}</a>` : ""
      }</p>`
    : "";

/** The page's CSS styles inputs, not text areas. */
export const textareaStyle =
  "width:100%;box-sizing:border-box;padding:10px;border:1px solid #c9ccd6;border-radius:8px;font:inherit";

export function studioPage(
  channels: Channel[],
  videosOf: (channel: Channel) => Video[],
  notice?: StudioNotice,
  status = 200,
): Response {
  const rows = channels
    .map((channel) => {
      const videos = videosOf(channel);
      const list = videos
        .slice(0, 8)
        .map(
          (v) =>
            `<li><a href="${watchUrl(v.id)}">${escapeHtml(v.title)}</a> <span class="badge">${v.privacyStatus}</span></li>`,
        )
        .join("");
      return `<section style="border-top:1px solid #e4e6ee;padding-top:10px;margin-top:10px">
<strong>${escapeHtml(channel.title)}</strong> ${channel.connectedAt ? '<span class="badge">connected</span>' : ""}
<div class="note" style="margin:2px 0 6px">${escapeHtml(channel.handle)} · ${escapeHtml(channel.email)} · ${channel.id}</div>
<ul style="margin:0;padding-left:18px;font-size:.9rem">${list}${videos.length > 8 ? `<li>…and ${videos.length - 8} more</li>` : ""}</ul></section>`;
    })
    .join("");
  const emails = channels.map((c) => `<option value="${escapeHtml(c.email)}">`).join("");
  return page(
    "YouTube Studio (local)",
    `<span class="badge">Local stand-in</span><h1>YouTube Studio</h1>
<p class="note">Add a video to a channel. Every Google account has a channel; those that connected to Bounties are marked.</p>
${noticeHtml(notice)}
<form method="post">
<label for="email">Channel (Google account email)</label><input id="email" name="email" type="email" list="emails" required><datalist id="emails">${emails}</datalist>
<label for="title">Title</label><input id="title" name="title" required maxlength="100">
<label for="description">Description</label><textarea id="description" name="description" rows="3" style="${textareaStyle}"></textarea>
<label for="durationSeconds">Duration (seconds)</label><input id="durationSeconds" name="durationSeconds" type="number" min="1" required value="240">
<label for="privacyStatus">Visibility</label><select id="privacyStatus" name="privacyStatus"><option>public</option><option>unlisted</option><option>private</option></select>
${publishTimeField("publishedAt", "Published")}
<button type="submit">Upload video</button>
</form>
<h2 style="font-size:1.1rem;margin-top:24px">Channels</h2>${rows || '<p class="note">No channels yet: connect a YouTube channel in Bounties or upload above.</p>'}`,
    status,
  );
}
