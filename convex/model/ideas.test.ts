import { describe, expect, test } from "vitest";
import { describeLinks, MESSAGES, validateIdea, type IdeaInput } from "./ideas";
import {
  bountyBarFraction,
  deadlineHint,
  durationLine,
  expiryLabel,
  formatMoney,
  platformLine,
} from "./labels";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY = 24 * 3600 * 1000;
const good: IdeaInput = {
  oneLiner: "  A documentary about   urban foxes ",
  platform: "YouTube",
  durations: ["MEDIUM", "SHORT"],
  expiration: NOW + 14 * DAY,
  links: ["https://en.wikipedia.org/wiki/Red_fox", "   ", "http://example.com/foxes"],
};
const messageFor = (input: Partial<IdeaInput>) => {
  const result = validateIdea({ ...good, ...input }, NOW);
  return result.ok ? "ok" : result.message;
};

describe("idea validation, in the spec's order", () => {
  test("a good idea is normalised: trimmed title, blank links dropped, durations in tier order", () => {
    const result = validateIdea(good, NOW);
    expect(result).toEqual({
      ok: true,
      idea: {
        title: "A documentary about urban foxes",
        platform: "YouTube",
        durations: ["SHORT", "MEDIUM"],
        expiration: good.expiration,
        links: ["https://en.wikipedia.org/wiki/Red_fox", "http://example.com/foxes"],
        description:
          "Supporting Links:\n- https://en.wikipedia.org/wiki/Red_fox\n- http://example.com/foxes",
      },
    });
  });

  test("each rule has its exact message", () => {
    expect(messageFor({ expiration: NOW - 1 })).toBe("Please choose a valid date");
    expect(messageFor({ expiration: Number.NaN })).toBe("Please choose a valid date");
    expect(messageFor({ expiration: NOW + 366 * DAY })).toBe(MESSAGES.dateTooFar);
    expect(messageFor({ durations: [] })).toBe("Please select at least one video duration");
    expect(messageFor({ durations: ["EPIC"] })).toBe("Please select at least one video duration");
    expect(messageFor({ platform: null })).toBe("Please select a platform");
    expect(messageFor({ platform: "Vimeo" })).toBe("Please select a platform");
    expect(messageFor({ oneLiner: "   " })).toBe("Please enter your idea");
    expect(messageFor({ oneLiner: "x".repeat(201) })).toBe(MESSAGES.ideaTooLong);
    expect(
      messageFor({ links: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`) }),
    ).toBe(MESSAGES.tooManyLinks);
    expect(messageFor({ links: ["javascript:alert(1)"] })).toBe(MESSAGES.linkScheme);
    expect(messageFor({ links: ["ftp://example.com/file"] })).toBe(MESSAGES.linkScheme);
    expect(messageFor({ links: [`https://example.com/${"a".repeat(2100)}`] })).toBe(
      MESSAGES.linkTooLong,
    );
    expect(messageFor({ links: ["https://www.pornhub.com/x"] })).toBe(
      "Proposal contains inappropriate content or restricted URLs and cannot be submitted",
    );
  });

  test("when several rules fail, the first in the spec's order is reported", () => {
    const everythingWrong = {
      expiration: 0,
      durations: [],
      platform: null,
      oneLiner: "",
      links: ["nope"],
    };
    expect(messageFor(everythingWrong)).toBe("Please choose a valid date");
    expect(messageFor({ ...everythingWrong, expiration: good.expiration })).toBe(
      "Please select at least one video duration",
    );
    expect(
      messageFor({ ...everythingWrong, expiration: good.expiration, durations: ["LONG"] }),
    ).toBe("Please select a platform");
    expect(
      messageFor({
        ...everythingWrong,
        expiration: good.expiration,
        durations: ["LONG"],
        platform: "Any",
      }),
    ).toBe("Please enter your idea");
  });
});

describe("texts", () => {
  test("the deadline hint rounds days up and is singular for one day", () => {
    expect(deadlineHint(NOW + 14 * DAY, NOW)).toBe("Creators have 14 days to make your idea.");
    expect(deadlineHint(NOW + 13 * DAY + 1, NOW)).toBe("Creators have 14 days to make your idea.");
    expect(deadlineHint(NOW + 3600 * 1000, NOW)).toBe("Creators have 1 day to make your idea.");
    expect(deadlineHint(NOW - 1, NOW)).toBe("Choose a valid date.");
    expect(deadlineHint(Number.NaN, NOW)).toBe("Choose a valid date.");
  });

  test("the expiry label goes days, hours, minutes, then Completed, singular for 1", () => {
    expect(expiryLabel(NOW + 3 * DAY + 5, NOW)).toBe("3 days left");
    expect(expiryLabel(NOW + DAY, NOW)).toBe("1 day left");
    expect(expiryLabel(NOW + 5 * 3600 * 1000, NOW)).toBe("5 hours left");
    expect(expiryLabel(NOW + 3600 * 1000, NOW)).toBe("1 hour left");
    expect(expiryLabel(NOW + 42 * 60 * 1000, NOW)).toBe("42 minutes left");
    expect(expiryLabel(NOW + 20 * 1000, NOW)).toBe("1 minute left");
    expect(expiryLabel(NOW, NOW)).toBe("Completed");
  });

  test("the bounty bar is the amount over the next power of ten above it", () => {
    expect(bountyBarFraction(0)).toBe(0);
    expect(bountyBarFraction(5)).toBeCloseTo(0.5);
    expect(bountyBarFraction(35)).toBeCloseTo(0.35);
    expect(bountyBarFraction(100)).toBeCloseTo(0.1);
    expect(bountyBarFraction(999)).toBeCloseTo(0.999);
  });

  test("money has two decimals; the duration line shows only the last duration; Any has its platform line", () => {
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney(500)).toBe("$5.00");
    expect(durationLine([])).toBe("Video can be any length");
    expect(durationLine(["SHORT", "LONG"])).toBe("Video length: Long (30+ mins)");
    expect(platformLine("Any")).toBe("Video must be posted on YouTube or TikTok");
    expect(platformLine("TikTok")).toBe("Video must be posted on TikTok");
    expect(describeLinks([])).toBe("");
  });
});
