import "../styles/lists.css";

/** What a lazily loaded page shows while its code arrives: a light skeleton. */
export default function PageFallback() {
  return (
    <div className="container page page-fallback" role="status">
      <span className="visually-hidden">Loading…</span>
      <span className="skeleton page-fallback__title" aria-hidden="true" />
      <span className="skeleton page-fallback__line" aria-hidden="true" />
      <span className="skeleton page-fallback__card" aria-hidden="true" />
      <span className="skeleton page-fallback__card" aria-hidden="true" />
    </div>
  );
}
