import { describe, expect, test } from "vitest";
import { MESSAGES, validateIdea, type IdeaInput } from "./ideaValidation";
import { describeLinks, descriptionWithoutLinks, isHttpUrl, linksIn, safeHref } from "./ideaText";

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
        brief: "",
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

describe("idea text", () => {
  test("links are web addresses; their block is written and read back one way", () => {
    expect(isHttpUrl("https://example.com/a")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(safeHref("ftp://example.com")).toBeNull();
    expect(describeLinks([])).toBe("");
    const description = describeLinks(["https://a.example", "http://b.example/x"]);
    expect(description).toBe("Supporting Links:\n- https://a.example\n- http://b.example/x");
    expect(descriptionWithoutLinks(description)).toBe("");
    expect(descriptionWithoutLinks(`Foxes at night\n${description}`)).toBe("Foxes at night");
    expect(linksIn(`see https://a.example and http://b.example/x`)).toEqual([
      "https://a.example",
      "http://b.example/x",
    ]);
  });
});

describe("invisible text in titles", () => {
  test.each([
    ["\u200B\u200C\u200D", MESSAGES.idea],
    ["\u202E\u2066\u2069", MESSAGES.idea],
    ["\u0000\u0001\u001F\u007F", MESSAGES.idea],
    ["\u3164\u115F\u2800", MESSAGES.idea],
    ["\uFEFF\u00AD\u{E0041}", MESSAGES.idea],
    ["\u0301\u0301\u0301", MESSAGES.idea],
  ])("%j alone is no idea", (oneLiner, message) => {
    expect(messageFor({ oneLiner })).toBe(message);
  });

  test("invisible characters are stripped from a real title; emoji sequences stay whole", () => {
    const titled = (oneLiner: string) => {
      const result = validateIdea({ ...good, oneLiner }, NOW);
      return result.ok ? result.idea.title : result.message;
    };
    expect(titled("Urban\u200B foxes\u202E at\u0000night")).toBe("Urban foxes at night");
    expect(titled("Coding vlog 👩\u200D💻 ❤\uFE0F")).toBe("Coding vlog 👩\u200D💻 ❤\uFE0F");
    expect(titled("f\u200Buck this")).toBe(MESSAGES.content);
  });
});
