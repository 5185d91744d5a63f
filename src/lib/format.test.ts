import { describe, expect, test } from "vitest";
import {
  bountyBarFraction,
  deadlineHint,
  durationLine,
  expiryLabel,
  formatMoney,
  platformLine,
} from "./format";

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY = 24 * 3600 * 1000;

describe("texts", () => {
  test("the deadline hint rounds days up and is singular for one day", () => {
    expect(deadlineHint(NOW + 14 * DAY, NOW)).toBe("Creators have 14 days to make your idea.");
    expect(deadlineHint(NOW + 13 * DAY + 1, NOW)).toBe("Creators have 14 days to make your idea.");
    expect(deadlineHint(NOW + 3600 * 1000, NOW)).toBe("Creators have 1 day to make your idea.");
    expect(deadlineHint(NOW - 1, NOW)).toBe("Choose a valid date.");
    expect(deadlineHint(Number.NaN, NOW)).toBe("Choose a valid date.");
  });

  test("an idea posted with 14 days reads 14 days on the submit page and on its card a minute later", () => {
    const expiration = NOW + 14 * DAY;
    expect(deadlineHint(expiration, NOW)).toBe("Creators have 14 days to make your idea.");
    expect(expiryLabel(expiration, NOW + 60 * 1000)).toBe("14 days left");
    expect(expiryLabel(expiration, NOW + DAY - 1)).toBe("14 days left");
    expect(expiryLabel(expiration, NOW + DAY)).toBe("13 days left");
    // Whatever the moment, the hint and the label give the same number of days.
    for (const elapsed of [0, 1, 59_999, 3 * 3600 * 1000, DAY + 1, 5 * DAY + 7]) {
      const days = deadlineHint(expiration, NOW + elapsed).match(/(\d+) days/)![1];
      expect(expiryLabel(expiration, NOW + elapsed)).toBe(`${days} days left`);
    }
  });

  test("the expiry label goes days, hours, minutes, then Completed, rounded up, singular for 1", () => {
    expect(expiryLabel(NOW + 3 * DAY, NOW)).toBe("3 days left");
    expect(expiryLabel(NOW + 3 * DAY + 5, NOW)).toBe("4 days left");
    expect(expiryLabel(NOW + DAY, NOW)).toBe("1 day left");
    expect(expiryLabel(NOW + 5 * 3600 * 1000, NOW)).toBe("5 hours left");
    expect(expiryLabel(NOW + 4.5 * 3600 * 1000, NOW)).toBe("5 hours left");
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
  });
});
