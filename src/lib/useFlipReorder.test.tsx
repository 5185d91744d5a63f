import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useFlipReorder } from "./useFlipReorder";

const ROW_HEIGHT = 100;
const realMatchMedia = window.matchMedia;
let animate: ReturnType<typeof vi.fn>;
const animatedKeys = () =>
  animate.mock.contexts.map((element) => (element as HTMLElement).dataset.key);

function List({ keys }: { keys: string[] }) {
  const { listRef, itemRef } = useFlipReorder<HTMLUListElement>(keys);
  return (
    <ul ref={listRef}>
      {keys.map((key) => (
        <li key={key} data-key={key} ref={itemRef(key)}>
          {key}
        </li>
      ))}
    </ul>
  );
}

function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  prefersReducedMotion(false);
  animate = vi.fn();
  HTMLElement.prototype.animate = animate as unknown as HTMLElement["animate"];
  // jsdom has no layout: a row's top is its index in the list times a fixed height.
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
    this: HTMLElement,
  ) {
    const index = this.tagName === "LI" ? [...this.parentElement!.children].indexOf(this) : 0;
    return { top: index * ROW_HEIGHT } as DOMRect;
  });
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
  vi.restoreAllMocks();
});

describe("useFlipReorder", () => {
  it("glides each moved item from its old place to its new one when the order changes", () => {
    const { rerender } = render(<List keys={["a", "b", "c"]} />);
    expect(animate).not.toHaveBeenCalled();
    rerender(<List keys={["c", "a", "b"]} />);
    expect(animatedKeys().sort()).toEqual(["a", "b", "c"]);
    const frames = (key: string) =>
      animate.mock.calls[animatedKeys().indexOf(key)]![0] as Keyframe[];
    // c went from row 2 to row 0: it starts 200px lower; a and b start 100px higher.
    expect(frames("c")[0]!.transform).toBe("translateY(200px)");
    expect(frames("a")[0]!.transform).toBe("translateY(-100px)");
    expect(frames("b")[0]!.transform).toBe("translateY(-100px)");
    expect(frames("c")[1]!.transform).toBe("translateY(0)");
  });

  it("moves only the items that changed place", () => {
    const { rerender } = render(<List keys={["a", "b", "c"]} />);
    rerender(<List keys={["b", "a", "c"]} />);
    expect(animatedKeys().sort()).toEqual(["a", "b"]);
  });

  it("does not animate when items are appended or data changes without a reorder", () => {
    const { rerender } = render(<List keys={["a", "b"]} />);
    rerender(<List keys={["a", "b", "c"]} />);
    rerender(<List keys={["a", "b", "c"]} />);
    expect(animate).not.toHaveBeenCalled();
  });

  it("does not animate for a reader who prefers reduced motion", () => {
    prefersReducedMotion(true);
    const { rerender } = render(<List keys={["a", "b", "c"]} />);
    rerender(<List keys={["c", "b", "a"]} />);
    expect(animate).not.toHaveBeenCalled();
  });
});
