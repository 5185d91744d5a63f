import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import VideoPreview from "./VideoPreview";
import { embedUrlOf, formatDuration } from "../../lib/videoEmbed";
import videoPreviewStyles from "./VideoPreview.module.css";

const TIKTOK = "https://www.tiktok.com/@priya.makes/video/7611868551569106614";
const YOUTUBE = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

describe("VideoPreview", () => {
  it("shows a portrait, lazy, sized TikTok cover with its length, and no player yet", () => {
    const { container } = render(
      <VideoPreview
        platform="TikTok"
        url={TIKTOK}
        title="Osaka signs"
        thumbnailUrl="https://p16.tiktokcdn.com/cover.jpg"
        durationSeconds={65}
      />,
    );
    const cover = container.querySelector("img")!;
    expect(cover).toHaveAttribute("loading", "lazy");
    expect(cover).toHaveAttribute("width", "90");
    expect(cover).toHaveAttribute("height", "160");
    expect(container.firstElementChild).toHaveClass(videoPreviewStyles.videoPreviewPortrait!);
    expect(screen.getByText("1:05")).toBeInTheDocument();
    expect(container.querySelector("iframe")).toBeNull();
  });

  it("loads TikTok's embed player in the page only on click", async () => {
    const { container } = render(
      <VideoPreview
        platform="TikTok"
        url={TIKTOK}
        title="Osaka signs"
        thumbnailUrl={null}
        durationSeconds={null}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Play Osaka signs here" }));
    const player = container.querySelector("iframe")!;
    expect(player).toHaveAttribute(
      "src",
      "https://www.tiktok.com/player/v1/7611868551569106614?autoplay=1&rel=0",
    );
    expect(player).toHaveAttribute("title", "Osaka signs (TikTok player)");
  });

  it("plays YouTube through the privacy-enhanced player, landscape", async () => {
    const { container } = render(
      <VideoPreview
        platform="YouTube"
        url={YOUTUBE}
        title="A video"
        thumbnailUrl="https://i.ytimg.com/vi/x/hq.jpg"
        durationSeconds={3729}
      />,
    );
    expect(container.querySelector("img")).toHaveAttribute("width", "160");
    expect(screen.getByText("1:02:09")).toBeInTheDocument();
    // Its name holds what it shows (the length), so a voice command naming it finds it.
    await userEvent.click(
      screen.getByRole("button", { name: "Play A video here, length 1:02:09" }),
    );
    expect(container.querySelector("iframe")).toHaveAttribute(
      "src",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
    );
  });

  it("offers no play button for a link no player can embed", () => {
    render(
      <VideoPreview
        platform="YouTube"
        url="https://example.com/watch?v=dQw4w9WgXcQ"
        title="Odd"
        thumbnailUrl={null}
        durationSeconds={null}
      />,
    );
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("embedUrlOf", () => {
  it.each([
    ["https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3", "dQw4w9WgXcQ"],
  ])("finds the YouTube id in %s", (link, id) => {
    expect(embedUrlOf("YouTube", link)).toBe(
      `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
    );
  });

  it.each([
    "javascript:alert(1)",
    "not a url",
    "https://www.youtube.com/watch?v=short",
    "https://www.tiktok.com/@a/photo/123456",
  ])("refuses %s", (link) => {
    expect(embedUrlOf("YouTube", link)).toBeNull();
    expect(embedUrlOf("TikTok", link)).toBeNull();
  });

  it("formats lengths as players do", () => {
    expect(formatDuration(5)).toBe("0:05");
  });
});
