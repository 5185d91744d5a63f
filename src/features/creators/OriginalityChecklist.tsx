import type { VideoPlatform } from "../../../convex/model/videoLinks";
import videoCheckCardStyles from "./VideoCheckCard.module.css";
import { moduleClass } from "../../lib/moduleClass";

export interface Checklist {
  exists: boolean;
  ownedBySubmitter: boolean;
  publishedAfterIdea: boolean | null;
  durationAllowed: boolean | null;
}

type CheckState = "yes" | "no" | "unknown";

const STATE_TEXT: Record<CheckState, string> = { yes: "yes", no: "no", unknown: "unknown" };
const STATE_ICON: Record<CheckState, string> = { yes: "✓", no: "✗", unknown: "?" };

function stateOf(value: boolean | null): CheckState {
  return value === null ? "unknown" : value ? "yes" : "no";
}

/** The four checks of a submission (product rules, "Submissions"), as their labels read. */
export function checklistItems(platform: VideoPlatform, checklist: Checklist) {
  return [
    { key: "exists", label: `On ${platform}`, state: stateOf(checklist.exists) },
    {
      key: "owned",
      label: `Posted by the submitter's ${platform} account`,
      state: stateOf(checklist.ownedBySubmitter),
    },
    {
      key: "published",
      label: "Published after the idea",
      state: stateOf(checklist.publishedAfterIdea),
    },
    { key: "duration", label: "Length the idea allows", state: stateOf(checklist.durationAllowed) },
  ] as const;
}

/**
 * The originality checklist, compact: one chip per check, ✓ yes, ✗ no, or "unknown" when the
 * platform did not tell (e.g. a TikTok video not posted by a connected account).
 */
export default function OriginalityChecklist({
  platform,
  checklist,
}: {
  platform: VideoPlatform;
  checklist: Checklist;
}) {
  return (
    <ul className={videoCheckCardStyles.checklist} aria-label="Originality checklist">
      {checklistItems(platform, checklist).map((item) => (
        <li
          key={item.key}
          className={`${videoCheckCardStyles.checklistItem} ${moduleClass(videoCheckCardStyles, `checklist__item--${item.state}`)}`}
        >
          <span
            className={videoCheckCardStyles.checklistIcon}
            aria-hidden="true"
            data-testid="checklist-icon"
          >
            {STATE_ICON[item.state]}
          </span>
          <span className="checklist__label">{item.label}</span>
          {item.state === "unknown" ? (
            <span className={videoCheckCardStyles.checklistState}>
              <span className="visually-hidden">: </span>
              {STATE_TEXT.unknown}
            </span>
          ) : (
            <span className="visually-hidden">: {STATE_TEXT[item.state]}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
