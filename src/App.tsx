import { lazy } from "react";
import { Route, Routes } from "react-router-dom";
import Layout from "./components/Layout";
import HomePage from "./pages/HomePage";

// Every page but the landing page loads on demand (Layout shows a skeleton meanwhile), so the
// first visit downloads only what the landing page needs.
const IdeasPage = lazy(() => import("./pages/IdeasPage"));
const DiscoverPage = lazy(() => import("./pages/DiscoverPage"));
const SearchPage = lazy(() => import("./pages/SearchPage"));
const CompletedPage = lazy(() => import("./pages/CompletedPage"));
const SubmitIdeaPage = lazy(() => import("./pages/SubmitIdeaPage"));
const ProposalPage = lazy(() => import("./pages/ProposalPage"));
const ContributionPage = lazy(() => import("./pages/ContributionPage"));
const SubmitContentPage = lazy(() => import("./pages/SubmitContentPage"));
const PlatformCallbackPage = lazy(() => import("./pages/PlatformCallbackPage"));
const LoginPage = lazy(() => import("./pages/LoginPage"));
const OnboardPage = lazy(() => import("./pages/OnboardPage"));
const ProfilePage = lazy(() => import("./pages/ProfilePage"));
const PrivacyPolicyPage = lazy(() => import("./pages/PrivacyPolicyPage"));
const TermsOfServicePage = lazy(() => import("./pages/TermsOfServicePage"));
const OperatorPage = lazy(() => import("./pages/OperatorPage"));
const InboxPage = lazy(() => import("./pages/InboxPage"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage"));

export default function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="/ideas" element={<IdeasPage />} />
        <Route path="/discover" element={<DiscoverPage />} />
        <Route path="/search" element={<SearchPage />} />
        <Route path="/completed" element={<CompletedPage />} />
        <Route path="/submit" element={<SubmitIdeaPage />} />
        <Route path="/expanded-proposal" element={<ProposalPage />} />
        <Route path="/expanded-proposal/:proposalId" element={<ProposalPage />} />
        <Route path="/submit-content" element={<SubmitContentPage />} />
        <Route path="/submit-content/:proposalId" element={<SubmitContentPage />} />
        <Route
          path="/auth/callback/youtube"
          element={<PlatformCallbackPage key="YouTube" platform="YouTube" />}
        />
        <Route
          path="/auth/callback"
          element={<PlatformCallbackPage key="TikTok" platform="TikTok" />}
        />
        <Route path="/contribution" element={<ContributionPage />} />
        <Route path="/contribution/:sessionId" element={<ContributionPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/onboard" element={<OnboardPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/terms-of-service" element={<TermsOfServicePage />} />
        <Route path="/operator" element={<OperatorPage />} />
        <Route path="/inbox" element={<InboxPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
