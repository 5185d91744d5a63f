// <IdeaBrief brief />: the poster's answer to "What should the video show?", above the spec's
// "About this idea" (which keeps its own words, "No description provided." included).
import "../../styles/living.css";

export const BRIEF_HEADING = "What should the video show?";

export default function IdeaBrief({ brief }: { brief: string | null }) {
  if (!brief) return null;
  return (
    <section className="card idea-section idea-brief" aria-labelledby="idea-brief-heading">
      <h2 id="idea-brief-heading" className="idea-section__title">
        {BRIEF_HEADING}
      </h2>
      <p className="idea-brief__text">{brief}</p>
    </section>
  );
}
