import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import styles from "./LegalDocument.module.css";

/**
 * A block of legal text. A plain string is a paragraph; inline `[label](href)` makes a link and
 * `**text**` makes strong text.
 */
export type LegalBlock = string | { list: string[] } | { subheading: string } | { note: string };

export interface LegalSection {
  /** Stable anchor id, used by the table of contents and by links such as /terms-of-service#payouts. */
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalContent {
  title: string;
  /** One-sentence plain-language summary shown under the title. */
  summary: string;
  effectiveDate?: string;
  lastUpdated: string;
  intro: LegalBlock[];
  sections: LegalSection[];
}

const INLINE_PATTERN = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

function renderInline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_PATTERN)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const [, label, href, strong] = match;
    if (label !== undefined && href !== undefined) {
      nodes.push(
        href.startsWith("/") ? (
          <Link key={index} to={href}>
            {label}
          </Link>
        ) : (
          <a
            key={index}
            href={href}
            rel={href.startsWith("http") ? "noopener noreferrer" : undefined}
          >
            {label}
          </a>
        ),
      );
    } else if (strong !== undefined) {
      nodes.push(<strong key={index}>{strong}</strong>);
    }
    last = index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{renderInline(block)}</p>;
  if ("list" in block) {
    return (
      <ul>
        {block.list.map((item, i) => (
          <li key={i}>{renderInline(item)}</li>
        ))}
      </ul>
    );
  }
  if ("subheading" in block) return <h3>{block.subheading}</h3>;
  return <p className={styles.legalNote}>{renderInline(block.note)}</p>;
}

/** Shared layout of the Terms of Service and Privacy Policy: title, dates, contents, sections. */
export default function LegalDocument({ content }: { content: LegalContent }) {
  return (
    <div className="container page legal">
      <div className="legal__header">
        <p className="eyebrow">Legal</p>
        <h1>{content.title}</h1>
        <p className="legal__summary">{content.summary}</p>
        <p className="legal__dates">
          {content.effectiveDate && (
            <>
              <span>Effective date: {content.effectiveDate}</span>
              <span aria-hidden="true" className="legal__dot">
                ·
              </span>
            </>
          )}
          <span>Last updated: {content.lastUpdated}</span>
        </p>
      </div>

      <div className={styles.legalLayout}>
        <nav className={styles.legalToc} aria-labelledby="legal-toc-title">
          <p id="legal-toc-title" className={styles.legalTocTitle}>
            On this page
          </p>
          <ol>
            {content.sections.map((section, i) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>
                  <span className={styles.legalTocNumber}>{i + 1}.</span> {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className={styles.legalBody}>
          {content.intro.length > 0 && (
            <div className={styles.legalIntro}>
              {content.intro.map((block, i) => (
                <Block key={i} block={block} />
              ))}
            </div>
          )}
          {content.sections.map((section, i) => (
            <section key={section.id} id={section.id} className={styles.legalSection}>
              <h2>
                {i + 1}. {section.title}
              </h2>
              {section.blocks.map((block, j) => (
                <Block key={j} block={block} />
              ))}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
