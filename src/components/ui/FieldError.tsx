import styles from "./FieldError.module.css";
/**
 * A field's validation message, shown under it. Link it to the field with `aria-describedby`
 * and mark the field `aria-invalid`; the toast already announces it, so this is not a live
 * region.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.fieldError} data-testid="field-error">
      {message}
    </p>
  );
}

/** The ids for `aria-describedby`, skipping the absent ones. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === "string" && id !== "");
  return present.length > 0 ? present.join(" ") : undefined;
}

/**
 * What a fieldset (radio or checkbox group, list of inputs) gives react-hook-form as its ref:
 * focusing the field focuses the group's first enabled input.
 */
export function groupFocusTarget(group: HTMLElement | null) {
  if (!group) return null;
  return {
    focus: () => group.querySelector<HTMLInputElement>("input:not(:disabled)")?.focus(),
  };
}
