import { Suspense } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { Link, Outlet } from "react-router-dom";
import PageFallback from "./PageFallback";
import Footer from "./Footer";
import Header from "./Header";
import Logo from "./Logo";
import ConnectionNotice from "./ConnectionNotice";
import OnboardingGate from "../features/accounts/OnboardingGate";
import RouteErrorBoundary from "./RouteErrorBoundary";
import SessionWatcher from "../features/accounts/SessionWatcher";
import ScrollToTop from "./ScrollToTop";
import headerStyles from "./Header.module.css";
import styles from "./Layout.module.css";

/** What stands in for the header if it ever throws: the logo and the main links still work. */
function HeaderFallback() {
  return (
    <header className={headerStyles.siteHeader}>
      <div className={`container ${headerStyles.siteHeaderInner}`}>
        <Link to="/" className={headerStyles.siteHeaderBrand} aria-label="Bounties home">
          <Logo wordmarkClassName={headerStyles.siteHeaderWordmark} />
        </Link>
        <nav aria-label="Main" className={styles.siteHeaderFallbackNav}>
          <Link to="/ideas">Bounties</Link> <Link to="/discover">Discover</Link>
        </nav>
      </div>
    </header>
  );
}

/** The app shell around every route: skip link, header, main content, footer. */
export default function Layout() {
  return (
    <div className={styles.appShell}>
      <ScrollToTop />
      <ErrorBoundary fallback={null}>
        <OnboardingGate />
        <SessionWatcher />
        <ConnectionNotice />
      </ErrorBoundary>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ErrorBoundary fallback={<HeaderFallback />}>
        <Header />
      </ErrorBoundary>
      <main id="main" className={styles.appMain} tabIndex={-1}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <ErrorBoundary fallback={null}>
        <Footer />
      </ErrorBoundary>
    </div>
  );
}
