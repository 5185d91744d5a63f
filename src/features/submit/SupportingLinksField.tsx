import { useEffect, useId, useMemo, useRef, type CSSProperties } from "react";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  REORDER_INSTRUCTIONS,
  SORT_ANIMATION_MS,
  linkAnnouncements,
  moveLink,
  newLinkItem,
  verticalKeyboardCoordinates,
  type LinkItem,
} from "./supportingLinks";
import { GripVertical, Plus, X } from "lucide-react";
import clsx from "clsx";
import styles from "./SupportingLinksField.module.css";

export const LINK_PLACEHOLDER = "https://example.com/supporting-information";

interface Props {
  links: LinkItem[];
  onChange: (links: LinkItem[]) => void;
  /** At most this many links (MAX_LINKS). */
  max: number;
  /** Each link's longest allowed length (LINK_MAX_LENGTH). */
  maxLength: number;
  disabled?: boolean;
}

/** Links only move up and down. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * The optional supporting links: add, remove, and reorder by dragging a handle with the mouse,
 * touch or the keyboard (space to pick up, arrows to move 25 px a press, space to drop).
 */
export default function SupportingLinksField({
  links,
  onChange,
  max,
  maxLength,
  disabled = false,
}: Props) {
  const hintId = useId();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  // Where focus goes after the list changes: a link's input, or the add button.
  const focusNext = useRef<string | "add" | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === "add") addButton.current?.focus();
    else inputs.current.get(target)?.focus();
  }, [links]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: verticalKeyboardCoordinates }),
  );
  const ids = useMemo(() => links.map((link) => link.id), [links]);
  const announcements = useMemo(() => linkAnnouncements(ids), [ids]);

  function add() {
    if (links.length >= max) return;
    const item = newLinkItem();
    focusNext.current = item.id;
    onChange([...links, item]);
  }

  function remove(index: number) {
    const next = links.filter((_, i) => i !== index);
    focusNext.current = next[index]?.id ?? next[index - 1]?.id ?? "add";
    onChange(next);
  }

  function update(id: string, url: string) {
    onChange(links.map((link) => (link.id === id ? { ...link, url } : link)));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (over && active.id !== over.id) onChange(moveLink(links, active.id, over.id));
  }

  const full = links.length >= max;

  return (
    <div className={styles.linksField}>
      {links.length > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[restrictToVerticalAxis]}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: REORDER_INSTRUCTIONS }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className={styles.linksList} aria-label="Supporting links">
              {links.map((link, index) => (
                <SortableLink
                  key={link.id}
                  link={link}
                  position={index + 1}
                  canReorder={links.length > 1}
                  disabled={disabled}
                  maxLength={maxLength}
                  inputRef={(node) => {
                    if (node) inputs.current.set(link.id, node);
                    else inputs.current.delete(link.id);
                  }}
                  onUrlChange={(url) => update(link.id, url)}
                  onRemove={() => remove(index)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <div className={styles.linksFieldFooter}>
        <button
          ref={addButton}
          type="button"
          className="btn btn-soft"
          onClick={add}
          disabled={disabled || full}
          aria-describedby={hintId}
        >
          <Plus size={16} strokeWidth={2.2} aria-hidden="true" />
          Add a supporting link
        </button>
        <p id={hintId} className="hint links-field__count">
          {full
            ? `You have added the most links allowed (${max}).`
            : `${links.length} of ${max} links`}
        </p>
      </div>
    </div>
  );
}

interface SortableLinkProps {
  link: LinkItem;
  position: number;
  canReorder: boolean;
  disabled: boolean;
  maxLength: number;
  inputRef: (node: HTMLInputElement | null) => void;
  onUrlChange: (url: string) => void;
  onRemove: () => void;
}

function SortableLink({
  link,
  position,
  canReorder,
  disabled,
  maxLength,
  inputRef,
  onUrlChange,
  onRemove,
}: SortableLinkProps) {
  const inputId = useId();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({
    id: link.id,
    disabled: disabled || !canReorder,
    transition: { duration: SORT_ANIMATION_MS, easing: "cubic-bezier(0.25, 1, 0.5, 1)" },
  });

  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
  };

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={clsx(styles.linkItem, isDragging && styles.isDragging)}
      data-position={position}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.linkItemHandle}
        {...attributes}
        {...listeners}
        aria-label={`Reorder link ${position}`}
        disabled={disabled || !canReorder}
        title={canReorder ? "Drag to reorder, or press space and use the arrow keys" : undefined}
      >
        <GripVertical size={18} aria-hidden="true" />
      </button>
      <label htmlFor={inputId} className="visually-hidden">
        Supporting link {position}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        className={`input ${styles.linkItemInput}`}
        placeholder={LINK_PLACEHOLDER}
        value={link.url}
        maxLength={maxLength}
        onChange={(event) => onUrlChange(event.target.value)}
        disabled={disabled}
      />
      <button
        type="button"
        className={`btn btn-ghost btn-icon ${styles.linkItemRemove}`}
        aria-label={`Remove link ${position}`}
        title={`Remove link ${position}`}
        onClick={onRemove}
        disabled={disabled}
      >
        <X size={18} strokeWidth={2} aria-hidden="true" />
      </button>
    </li>
  );
}
