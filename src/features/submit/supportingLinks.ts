// The submit page's supporting-links list: items, reordering, and what dnd-kit needs to move
// them with the keyboard and to tell screen-reader users what happened.
import type {
  Announcements,
  KeyboardCoordinateGetter,
  ScreenReaderInstructions,
  UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove } from "@dnd-kit/sortable";

/** A supporting link being edited (spec §3: id, url). */
export interface LinkItem {
  id: string;
  url: string;
}

/** How far one arrow key press moves a link while dragging with the keyboard (spec §2). */
export const KEYBOARD_STEP_PX = 25;

/** The pointer drag and sort animation (spec §9). */
export const SORT_ANIMATION_MS = 200;

let lastLinkId = 0;

/** A new link item with an id unique on this page. */
export function newLinkItem(url = ""): LinkItem {
  lastLinkId += 1;
  return { id: `link-${lastLinkId}`, url };
}

/** The list with the item `activeId` moved to where `overId` is; unchanged when either is unknown. */
export function moveLink(
  items: readonly LinkItem[],
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier | null | undefined,
): LinkItem[] {
  if (overId === null || overId === undefined || activeId === overId) return [...items];
  const from = items.findIndex((item) => item.id === activeId);
  const to = items.findIndex((item) => item.id === overId);
  if (from === -1 || to === -1) return [...items];
  return arrayMove([...items], from, to);
}

/** Up and down arrows move the dragged link by KEYBOARD_STEP_PX; other keys do nothing. */
export const verticalKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { currentCoordinates },
) => {
  switch (event.code) {
    case "ArrowDown":
      event.preventDefault();
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
    case "ArrowUp":
      event.preventDefault();
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
    default:
      return undefined;
  }
};

export const REORDER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    "To reorder a link, press space or enter on its handle. " +
    "Use the up and down arrow keys to move it, then press space or enter to drop it, " +
    "or escape to cancel.",
};

/** What screen readers hear while a link is dragged, by position ("link 2 of 3"). */
export function linkAnnouncements(ids: readonly UniqueIdentifier[]): Announcements {
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(id ?? "") + 1;
  const total = ids.length;
  return {
    onDragStart({ active }) {
      return `Picked up link ${position(active.id)} of ${total}.`;
    },
    onDragOver({ active, over }) {
      if (!over) return `Link ${position(active.id)} is no longer over a position in the list.`;
      return `Link ${position(active.id)} is over position ${position(over.id)} of ${total}.`;
    },
    onDragEnd({ active, over }) {
      if (!over) return `Link ${position(active.id)} was dropped. The order did not change.`;
      return `Link ${position(active.id)} was dropped at position ${position(over.id)} of ${total}.`;
    },
    onDragCancel({ active }) {
      return `Reordering cancelled. Link ${position(active.id)} stays where it was.`;
    },
  };
}
