import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import styles from "./NotFound.module.css";

/**
 * The one look of "there is nothing here": an unknown route, a missing idea (its page or its
 * submit page) and an unknown contribution all show this card, with their own words. It sits
 * inside the page's own container.
 */
export default function NotFound({
  title,
  children,
  actions = [{ to: "/ideas", label: "Browse open bounties" }],
}: {
  title: string;
  children: ReactNode;
  /** Where to go instead; the first is the main action. */
  actions?: { to: string; label: string }[];
}) {
  return (
    <div className={styles.notFound}>
      <section className={styles.notFoundCard} aria-labelledby="not-found-title">
        <p className={styles.notFoundCode} aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">{title}</h1>
        <p className={styles.notFoundText}>{children}</p>
        <div className={styles.notFoundActions}>
          {actions.map(({ to, label }, index) => (
            <Link
              key={to}
              to={to}
              className={`btn btn-lg ${index === 0 ? "btn-primary" : "btn-secondary"}`}
            >
              {label}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
