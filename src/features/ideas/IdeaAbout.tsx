import { descriptionWithoutLinks, safeHref } from "../../../convex/model/ideaText";
import type { Idea } from "./IdeaFromRoute";
import sectionStyles from "./IdeaSection.module.css";
import styles from "./IdeaAbout.module.css";

export const NO_DESCRIPTION = "No description provided.";

/** The idea page's "About this idea": the description, then its supporting links. */
export default function IdeaAbout({ idea }: { idea: Idea }) {
  // The "Supporting Links:" block is left out: the page shows the links themselves.
  const text = descriptionWithoutLinks(idea.description);
  return (
    <section className={`card ${sectionStyles.ideaSection}`} aria-labelledby="idea-about">
      <h2 id="idea-about" className={sectionStyles.ideaSectionTitle}>
        About this idea
      </h2>
      {text === "" && idea.links.length === 0 ? (
        <p className="muted">{NO_DESCRIPTION}</p>
      ) : (
        <>
          {text !== "" && <p className={styles.ideaDescription}>{text}</p>}
          {idea.links.length > 0 && <SupportingLinks links={idea.links} />}
        </>
      )}
    </section>
  );
}

function SupportingLinks({ links }: { links: string[] }) {
  return (
    <div className={styles.ideaLinks}>
      <h3 className={styles.ideaLinksTitle}>Supporting links</h3>
      <ul className={styles.ideaLinksList}>
        {links.map((link, index) => {
          const href = safeHref(link);
          return (
            <li key={`${index}-${link}`}>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                  {link}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                <span>{link}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
