import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/**
 * The one look of "there is nothing here": an unknown route, a missing idea (its page or its
 * submit page) and an unknown contribution all show this card, with their own words. It sits
 * inside the page's own container. Its classes are global (the first-paint section of global.css):
 * index.html pre-renders it for an unknown route, an unknown checkout and /operator.
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
    <div className="not-found">
      <section className="not-found__card" aria-labelledby="not-found-title">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">{title}</h1>
        <p className="not-found__text">{children}</p>
        <div className="not-found__actions">
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
