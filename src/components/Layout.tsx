import "../styles/shell.css";
import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import PageFallback from "./PageFallback";
import Footer from "./Footer";
import Header from "./Header";
import OnboardingGate from "./OnboardingGate";
import SessionWatcher from "./SessionWatcher";
import ScrollToTop from "./ScrollToTop";

/** The app shell around every route: skip link, header, main content, footer. */
export default function Layout() {
  return (
    <div className="app-shell">
      <ScrollToTop />
      <OnboardingGate />
      <SessionWatcher />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
