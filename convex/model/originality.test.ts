import { describe, expect, test } from "vitest";
import { checklistFor, publishedAfter } from "./originality";

// An idea posted at 10:30:12.678: platforms say only "10:30:12" for a video published then.
const SECOND = Date.UTC(2026, 10, 23, 10, 30, 12);
const POSTED = SECOND + 678;

describe("published after the idea, at the platforms' resolution (seconds)", () => {
  test.each([
    ["one second before the idea's second", SECOND - 1000, false],
    ["the last millisecond of the second before", SECOND - 1, false],
    ["the idea's second, as the platform reports it", SECOND, true],
    ["the idea's second, later within it", SECOND + 999, true],
    ["the exact moment", POSTED, true],
    ["one second after", SECOND + 1000, true],
  ])("a video published %s: %s", (_name, publishedAt, after) => {
    expect(publishedAfter(publishedAt, POSTED)).toBe(after);
    expect(
      checklistFor({ owned: true, publishedAt }, { postedAt: POSTED, durations: [] })
        .publishedAfterIdea,
    ).toBe(after);
  });

  test("an idea posted on a whole second, and a platform that did not say", () => {
    expect(publishedAfter(SECOND, SECOND)).toBe(true);
    expect(publishedAfter(SECOND - 1000, SECOND)).toBe(false);
    expect(
      checklistFor({ owned: false }, { postedAt: POSTED, durations: [] }).publishedAfterIdea,
    ).toBeNull();
  });
});
