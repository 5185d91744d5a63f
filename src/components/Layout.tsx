import "../styles/shell.css";
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

/** What stands in for the header if it ever throws: the logo and the main links still work. */
function HeaderFallback() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand" aria-label="Bounties home">
          <Logo wordmarkClassName="site-header__wordmark" />
        </Link>
        <nav aria-label="Main" className="site-header__fallback-nav">
          <Link to="/ideas">Bounties</Link> <Link to="/discover">Discover</Link>
        </nav>
      </div>
    </header>
  );
}

/** The app shell around every route: skip link, header, main content, footer. */
export default function Layout() {
  return (
    <div className="app-shell">
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
      <main id="main" className="app-main" tabIndex={-1}>
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
