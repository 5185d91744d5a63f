import { describe, expect, test } from "vitest";
import { toggleVote, voteDelta, withVote } from "./votes";

describe("vote arithmetic (server and optimistic updates alike)", () => {
  test("the same direction again clears; the count moves by new minus old", () => {
    expect(toggleVote(0, 1)).toBe(1);
    expect(toggleVote(1, 1)).toBe(0);
    expect(toggleVote(1, -1)).toBe(-1);
    expect(voteDelta(1, -1)).toBe(-2);
    expect(voteDelta(-1, 0)).toBe(1);
    const card = { _id: "x", votes: 5, userVote: 1 as const };
    expect(withVote(card, -1)).toEqual({ _id: "x", votes: 3, userVote: -1 });
    expect(withVote(card, 0)).toEqual({ _id: "x", votes: 4, userVote: 0 });
    expect(withVote(card, 1)).toEqual(card);
  });
});
