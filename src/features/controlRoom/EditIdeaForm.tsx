// <EditIdeaForm idea open coreFixed />: the poster edits the brief and the supporting links while
// the idea is open; the title, platform and allowed lengths too until anyone has contributed or
// submitted (`coreFixed`). Every edit is kept and shown on the idea page as "edited", with its
// history; the creators who submitted are told (the server does both).
import { useId, useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import {
  BRIEF_MAX_LENGTH,
  LINK_MAX_LENGTH,
  MAX_LINKS,
  TITLE_MAX_LENGTH,
} from "../../../convex/model/ideaText";
import {
  DURATIONS,
  IDEA_PLATFORMS,
  type Duration,
  type IdeaPlatform,
} from "../../../convex/model/validators";
import { DURATION_TIERS } from "../../../convex/model/labels";
import SupportingLinksField from "../submit/SupportingLinksField";
import { newLinkItem, type LinkItem } from "../submit/supportingLinks";
import type { Idea } from "../ideas/IdeaFromRoute";
import { toast } from "../../lib/toast";
import { convexErrorMessage } from "../../lib/errors";
import { formatLongDate } from "../../lib/format";
import styles from "./ControlRoom.module.css";

export const EDIT_TITLE = "Edit the brief and links";
export const EDIT_SAVED =
  "Saved. The idea page shows the edit, and creators who submitted are told.";
export const CORE_FIXED_NOTE =
  "The title, platform and lengths are fixed now that someone has contributed or submitted a video.";

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export default function EditIdeaForm({
  idea,
  open,
  coreFixed,
}: {
  idea: Idea;
  open: boolean;
  coreFixed: boolean;
}) {
  const edit = useMutation(api.controlRoom.edit);
  const [brief, setBrief] = useState(idea.brief ?? "");
  const [links, setLinks] = useState<LinkItem[]>(() => idea.links.map((url) => newLinkItem(url)));
  const [title, setTitle] = useState(idea.title);
  const [platform, setPlatform] = useState<IdeaPlatform>(idea.platform);
  const [durations, setDurations] = useState<Duration[]>(idea.durations);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const urls = links.map((l) => l.url.trim()).filter((u) => u !== "");
  const changes = {
    ...(brief.trim() !== (idea.brief ?? "") ? { brief } : {}),
    ...(!sameList(urls, idea.links) ? { links: urls } : {}),
    ...(!coreFixed && title.trim() !== idea.title ? { title } : {}),
    ...(!coreFixed && platform !== idea.platform ? { platform } : {}),
    ...(!coreFixed && !sameList(durations, idea.durations) ? { durations } : {}),
  };
  const dirty = Object.keys(changes).length > 0;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty) return;
    setBusy(true);
    try {
      await edit({ ideaId: idea._id, ...changes });
      toast.success(EDIT_SAVED, { id: "edit-idea" });
    } catch (error) {
      toast.error(convexErrorMessage(error) ?? "Failed to save your edit", { id: "edit-idea" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={`card ${styles.controlRoomCard}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.controlRoomCardTitle}>
        {EDIT_TITLE}
      </h2>
      {idea.editedAt !== null ? (
        <p className={styles.controlRoomHint}>
          Last edited {formatLongDate(idea.editedAt)}; the idea page shows every edit.
        </p>
      ) : null}
      {!open ? (
        <p className={styles.controlRoomHint}>The idea is closed: it can no longer be edited.</p>
      ) : (
        <form className={styles.editForm} onSubmit={save} noValidate>
          {coreFixed ? (
            <p className={styles.controlRoomHint}>{CORE_FIXED_NOTE}</p>
          ) : (
            <>
              <div className="field">
                <label className="label" htmlFor={`${id}-idea`}>
                  Your idea (the title)
                </label>
                <input
                  id={`${id}-idea`}
                  className="input"
                  value={title}
                  maxLength={TITLE_MAX_LENGTH}
                  onChange={(e) => setTitle(e.target.value)}
                  disabled={busy}
                />
              </div>
              <fieldset className={styles.editChoices} disabled={busy}>
                <legend className="label">Platform</legend>
                {IDEA_PLATFORMS.map((p) => (
                  <label key={p} className={styles.editChoice}>
                    <input
                      type="radio"
                      name={`${id}-platform`}
                      checked={platform === p}
                      onChange={() => setPlatform(p)}
                    />
                    {p}
                  </label>
                ))}
              </fieldset>
              <fieldset className={styles.editChoices} disabled={busy}>
                <legend className="label">Allowed lengths</legend>
                {DURATIONS.map((d) => (
                  <label key={d} className={styles.editChoice}>
                    <input
                      type="checkbox"
                      checked={durations.includes(d)}
                      onChange={(e) =>
                        setDurations((now) =>
                          e.target.checked
                            ? DURATIONS.filter((x) => x === d || now.includes(x))
                            : now.filter((x) => x !== d),
                        )
                      }
                    />
                    {DURATION_TIERS[d].label} ({DURATION_TIERS[d].text})
                  </label>
                ))}
              </fieldset>
            </>
          )}
          <div className="field">
            <label className="label" htmlFor={`${id}-brief`}>
              What should the video show?
            </label>
            <textarea
              id={`${id}-brief`}
              className={`input ${styles.editBrief}`}
              rows={6}
              maxLength={BRIEF_MAX_LENGTH}
              value={brief}
              onChange={(e) => setBrief(e.target.value)}
              disabled={busy}
            />
            <p className="hint">
              {brief.length.toLocaleString("en-US")} / {BRIEF_MAX_LENGTH.toLocaleString("en-US")}
            </p>
          </div>
          <div className="field">
            <p className="label">Supporting links</p>
            <SupportingLinksField
              links={links}
              onChange={setLinks}
              max={MAX_LINKS}
              maxLength={LINK_MAX_LENGTH}
              disabled={busy}
            />
          </div>
          <div className={styles.controlRoomActions}>
            <button type="submit" className="btn btn-primary" disabled={!dirty || busy}>
              {busy ? "Saving..." : "Save changes"}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
