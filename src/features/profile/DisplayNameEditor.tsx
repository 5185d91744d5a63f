import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import { convexErrorMessage } from "../../lib/errors";
import { TOAST_IDS } from "../../lib/toasts";
import styles from "./DisplayNameEditor.module.css";

export const DISPLAY_NAME_MAX_LENGTH = 50;
export const DISPLAY_NAME_UPDATED = "Display name updated";
export const DISPLAY_NAME_EMPTY = "Please enter a display name.";
export const DISPLAY_NAME_FAILED = "Failed to update display name";

/** The display name with an inline editor behind its "Edit" button. */
export default function DisplayNameEditor({ displayName }: { displayName: string }) {
  const updateDisplayName = useMutation(api.users.updateDisplayName);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(displayName);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const inputId = useId();
  const hintId = useId();

  // Focus follows the editor: into the input when it opens, back to "Edit" when it closes.
  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (wasEditing.current) {
      editButtonRef.current?.focus();
    }
    wasEditing.current = editing;
  }, [editing]);

  function startEditing() {
    setDraft(displayName);
    setEditing(true);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const trimmed = draft.trim();
    if (trimmed === "") {
      toast.error(DISPLAY_NAME_EMPTY, { id: TOAST_IDS.saveDisplayName });
      inputRef.current?.focus();
      return;
    }
    if (trimmed === displayName) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await updateDisplayName({ displayName: trimmed });
      toast.success(DISPLAY_NAME_UPDATED, { id: TOAST_IDS.saveDisplayName });
      setEditing(false);
    } catch (error) {
      toast.error(convexErrorMessage(error) ?? DISPLAY_NAME_FAILED, {
        id: TOAST_IDS.saveDisplayName,
      });
      inputRef.current?.focus();
    } finally {
      setSaving(false);
    }
  }

  if (!editing) {
    return (
      <div className={styles.prefValueEditable}>
        <span className={styles.prefValueText}>{displayName}</span>
        <button
          ref={editButtonRef}
          type="button"
          className={`btn btn-ghost btn-sm ${styles.prefValueEdit}`}
          aria-label="Edit display name"
          onClick={startEditing}
        >
          Edit
        </button>
      </div>
    );
  }

  return (
    <form className={styles.nameEditor} onSubmit={(event) => void onSubmit(event)} noValidate>
      <label className="visually-hidden" htmlFor={inputId}>
        Display name
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="input name-editor__input"
        type="text"
        value={draft}
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        autoComplete="nickname"
        aria-describedby={hintId}
        disabled={saving}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            setEditing(false);
          }
        }}
      />
      <p id={hintId} className={`hint ${styles.nameEditorHint}`}>
        Up to {DISPLAY_NAME_MAX_LENGTH} characters ({draft.length}/{DISPLAY_NAME_MAX_LENGTH}).
      </p>
      <div className={styles.nameEditorActions}>
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={saving}
          onClick={() => setEditing(false)}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
