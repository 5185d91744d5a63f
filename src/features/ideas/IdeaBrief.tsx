import sectionStyles from "./IdeaSection.module.css";
import styles from "./IdeaBrief.module.css";
// <IdeaBrief brief />: the poster's answer to "What should the video show?", above the spec's
// "About this idea" (which keeps its own words, "No description provided." included).

export const BRIEF_HEADING = "What should the video show?";

export default function IdeaBrief({ brief }: { brief: string | null }) {
  if (!brief) return null;
  return (
    <section className={`card ${sectionStyles.ideaSection}`} aria-labelledby="idea-brief-heading">
      <h2 id="idea-brief-heading" className={sectionStyles.ideaSectionTitle}>
        {BRIEF_HEADING}
      </h2>
      <p className={styles.ideaBriefText}>{brief}</p>
    </section>
  );
}
