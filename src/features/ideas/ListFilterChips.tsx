import { Link, useSearchParams } from "react-router-dom";
import { DURATION_TIERS } from "../../../convex/model/labels";
import {
  DURATIONS,
  IDEA_PLATFORMS,
  type Duration,
  type IdeaPlatform,
} from "../../../convex/model/validators";
import styles from "./ListFilterChips.module.css";

/** The address's parameters for the filters: ?platform=TikTok&length=SHORT. */
export const PLATFORM_PARAM = "platform";
export const LENGTH_PARAM = "length";

// "Any" is a value an idea can hold (open to both), not a platform to narrow to. Worked out
// when first asked, not as this module loads: the build may place this module's chunk so that it
// runs before the one holding IDEA_PLATFORMS.
const platformChips = () =>
  IDEA_PLATFORMS.filter((platform): platform is Exclude<IdeaPlatform, "Any"> => platform !== "Any");

export interface ListFilterValues {
  platform?: IdeaPlatform;
  duration?: Duration;
}

/** The filters in the address; an unknown value is ignored rather than sent to the server. */
export function useListFilters(): ListFilterValues {
  const [params] = useSearchParams();
  const platform = platformChips().find((value) => value === params.get(PLATFORM_PARAM));
  const duration = DURATIONS.find((value) => value === params.get(LENGTH_PARAM));
  return {
    ...(platform === undefined ? {} : { platform }),
    ...(duration === undefined ? {} : { duration }),
  };
}

/** Platform and length chips: pressing one narrows the list, pressing it again clears it. */
export default function ListFilterChips() {
  const [, setParams] = useSearchParams();
  const { platform, duration } = useListFilters();

  function toggle(param: string, value: string, active: boolean) {
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (active) updated.delete(param);
        else updated.set(param, value);
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <div className={styles.filterChips}>
      <div className={styles.filterChipsGroup} role="group" aria-label="Platform">
        {platformChips().map((value) => (
          <Chip
            key={value}
            label={value}
            pressed={platform === value}
            onClick={() => toggle(PLATFORM_PARAM, value, platform === value)}
          />
        ))}
      </div>
      <div className={styles.filterChipsGroup} role="group" aria-label="Video length">
        {DURATIONS.map((value) => (
          <Chip
            key={value}
            label={DURATION_TIERS[value].label}
            pressed={duration === value}
            onClick={() => toggle(LENGTH_PARAM, value, duration === value)}
          />
        ))}
      </div>
    </div>
  );
}

function Chip({
  label,
  pressed,
  onClick,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className={styles.filterChip} aria-pressed={pressed} onClick={onClick}>
      {pressed ? (
        <span className="filter-chip__check" aria-hidden="true">
          ✓
        </span>
      ) : null}
      {label}
    </button>
  );
}

/** Back to the unfiltered list, keeping the sort and search. */
export function ClearFiltersLink() {
  const [params] = useSearchParams();
  const cleared = new URLSearchParams(params);
  cleared.delete(PLATFORM_PARAM);
  cleared.delete(LENGTH_PARAM);
  const query = cleared.toString();
  return (
    <Link to={{ search: query ? `?${query}` : "" }} replace className="btn btn-secondary">
      Clear filters
    </Link>
  );
}
