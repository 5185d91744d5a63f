import { describe, expect, it } from "vitest";
import {
  KEYBOARD_STEP_PX,
  SORT_ANIMATION_MS,
  linkAnnouncements,
  moveLink,
  newLinkItem,
  verticalKeyboardCoordinates,
} from "./supportingLinks";

const items = [
  { id: "a", url: "https://a.example" },
  { id: "b", url: "https://b.example" },
  { id: "c", url: "https://c.example" },
];
const order = (list: { id: string }[]) => list.map((item) => item.id).join("");

describe("supporting links", () => {
  it("uses the spec's keyboard step and animation time", () => {
    expect(KEYBOARD_STEP_PX).toBe(25);
    expect(SORT_ANIMATION_MS).toBe(200);
  });

  it("gives each new link its own id", () => {
    const first = newLinkItem();
    const second = newLinkItem("https://x.example");
    expect(first.id).not.toBe(second.id);
    expect(first.url).toBe("");
    expect(second.url).toBe("https://x.example");
  });

  it.each([
    ["a", "b", "bac"],
    ["a", "c", "bca"],
    ["c", "a", "cab"],
    ["b", "b", "abc"],
    ["b", null, "abc"],
    ["b", "missing", "abc"],
  ])("moves %s to where %s is", (active, over, expected) => {
    const moved = moveLink(items, active, over);
    expect(order(moved)).toBe(expected);
    expect(moved).not.toBe(items);
  });

  it("moves 25 px up or down per arrow key and ignores other keys", () => {
    const at = { x: 10, y: 100 };
    const args = { active: "a", currentCoordinates: at, context: {} as never };
    const key = (code: string) => new KeyboardEvent("keydown", { code, cancelable: true });
    expect(verticalKeyboardCoordinates(key("ArrowDown"), args)).toEqual({ x: 10, y: 125 });
    expect(verticalKeyboardCoordinates(key("ArrowUp"), args)).toEqual({ x: 10, y: 75 });
    expect(verticalKeyboardCoordinates(key("ArrowLeft"), args)).toBeUndefined();
    expect(verticalKeyboardCoordinates(key("KeyA"), args)).toBeUndefined();
  });

  it("announces moves by position", () => {
    const say = linkAnnouncements(["a", "b", "c"]);
    const active = { id: "a" } as never;
    const over = { id: "c" } as never;
    expect(say.onDragStart({ active })).toBe("Picked up link 1 of 3.");
    expect(say.onDragOver({ active, over })).toBe("Link 1 is over position 3 of 3.");
    expect(say.onDragEnd({ active, over })).toBe("Link 1 was dropped at position 3 of 3.");
    expect(say.onDragCancel({ active, over: null })).toBe(
      "Reordering cancelled. Link 1 stays where it was.",
    );
  });
});
