import type { ReactNode } from "react";
import { Calendar, CirclePlay, Clock, Monitor, type LucideIcon } from "lucide-react";
import type { IdeaStatus } from "../../../convex/model/ideaStage";
import { durationLine, formatLongDate, platformLine } from "../../lib/format";
import type { Idea } from "./IdeaFromRoute";
import { LengthChips } from "./IdeaStatus";
import sectionStyles from "./IdeaSection.module.css";
import styles from "./IdeaRequirements.module.css";

/** The idea page's "Requirements": time left, platform, length and deadline. */
export default function IdeaRequirements({ idea, status }: { idea: Idea; status: IdeaStatus }) {
  return (
    <section className={`card ${sectionStyles.ideaSection}`} aria-labelledby="idea-requirements">
      <h2 id="idea-requirements" className={sectionStyles.ideaSectionTitle}>
        Requirements
      </h2>
      <dl className={styles.ideaFacts}>
        <Fact icon="clock" term="Time remaining">
          <time dateTime={new Date(idea.expiration).toISOString()}>{status.expiry}</time>
          {status.now ? <span className={styles.ideaFactNow}> · {status.now}</span> : null}
        </Fact>
        <Fact icon="platform" term="Platform">
          {platformLine(idea.platform)}
        </Fact>
        <Fact icon="duration" term="Length">
          {durationLine(idea.durations)}
          <LengthChips durations={idea.durations} className={styles.ideaFactChips} />
        </Fact>
        <Fact icon="calendar" term="Deadline">
          <time dateTime={new Date(idea.expiration).toISOString()}>
            {formatLongDate(idea.expiration)}
          </time>
        </Fact>
      </dl>
    </section>
  );
}

type FactIcon = "clock" | "platform" | "duration" | "calendar";

const ICONS: Record<FactIcon, LucideIcon> = {
  clock: Clock,
  platform: Monitor,
  duration: CirclePlay,
  calendar: Calendar,
};

function Fact({ icon, term, children }: { icon: FactIcon; term: string; children: ReactNode }) {
  const Icon = ICONS[icon];
  return (
    <div className={styles.ideaFact}>
      <dt className={styles.ideaFactTerm}>
        <Icon className={styles.ideaFactIcon} size={20} strokeWidth={1.8} aria-hidden="true" />
        {term}
      </dt>
      <dd className={styles.ideaFactValue}>{children}</dd>
    </div>
  );
}
