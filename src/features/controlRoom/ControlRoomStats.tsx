// <ControlRoomStats stats />: how the idea's page is doing, live, for its poster only: views of
// the idea page, shares (its share buttons used, visits through its share link), backers, and
// questions waiting for the poster's answer.
import type { FunctionReturnType } from "convex/server";
import type { api } from "../../../convex/_generated/api";
import styles from "./ControlRoom.module.css";

type Stats = NonNullable<FunctionReturnType<typeof api.controlRoom.overview>>["stats"];

const count = (n: number) => n.toLocaleString("en-US");

export default function ControlRoomStats({ stats }: { stats: Stats }) {
  const waiting = stats.questionsWaiting > 99 ? "99+" : count(stats.questionsWaiting);
  const items: [label: string, value: string, note: string][] = [
    ["Page views", count(stats.views), "by others than you"],
    [
      "Shares",
      count(stats.shares + stats.shareVisits),
      `${count(stats.shares)} from share buttons · ${count(stats.shareVisits)} visits by share link`,
    ],
    ["Backers", count(stats.backers), "people backing it now"],
    ["Questions waiting", waiting, "for your answer"],
  ];
  return (
    <section aria-label="Stats" className={styles.stats} data-testid="control-room-stats">
      <dl className={styles.statsList}>
        {items.map(([label, value, note]) => (
          <div key={label} className={`card ${styles.stat}`}>
            <dt className={styles.statLabel}>{label}</dt>
            <dd className={styles.statValue}>{value}</dd>
            <dd className={styles.statNote}>{note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
