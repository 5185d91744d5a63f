import { useRef, useState, type ReactNode } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { useAuthActions } from "@convex-dev/auth/react";
import { useConvexAuth } from "convex/react";
import { toast } from "../lib/toast";
import Avatar from "../components/Avatar";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import Tabs, { type TabItem } from "../components/ui/Tabs";
import MyBountiesTab from "../features/profile/MyBountiesTab";
import SettingsTab from "../features/profile/SettingsTab";
import SubmissionsTab from "../features/profile/SubmissionsTab";
import ProfileLinks from "../features/profile/ProfileLinks";
import { usePlatformAuthNotice } from "../lib/platformAuth";
import { greetedAtFirstPaint, useCurrentUser, type CurrentUser } from "../lib/session";
import { firstPaintAnswer } from "../lib/firstPaint";
import { api } from "../../convex/_generated/api";
import { expectSignOutTo } from "../lib/signOut";
import { TOAST_IDS } from "../lib/toasts";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Loading, Skeleton } from "../components/ui/Skeleton";
import AfterFirstPaint from "../components/ui/AfterFirstPaint";
import styles from "./ProfilePage.module.css";

export type ProfileTab = "bounties" | "submissions" | "settings";

export const PROFILE_TABS: readonly TabItem<ProfileTab>[] = [
  { key: "bounties", label: "My Bounties" },
  { key: "submissions", label: "Submissions" },
  { key: "settings", label: "Settings" },
];

export const LOAD_USER_ERROR = "Failed to load user data";
export const SIGN_OUT_ERROR = "Failed to sign out";

/** The tab named by `?tab=`, else My Bounties. */
export function parseProfileTab(value: string | null): ProfileTab {
  return PROFILE_TABS.some((tab) => tab.key === value) ? (value as ProfileTab) : "bounties";
}

/** /profile: the signed-in person's ideas, submissions and settings. */
export default function ProfilePage() {
  useDocumentTitle("Profile");
  const location = useLocation();
  const navigate = useNavigate();
  const { isLoading, isAuthenticated } = useConvexAuth();
  const { signOut } = useAuthActions();
  const [signingOut, setSigningOut] = useState(false);

  async function handleSignOut() {
    if (signingOut) return;
    setSigningOut(true);
    try {
      expectSignOutTo("/ideas");
      await signOut();
      toast.dismiss(TOAST_IDS.signOut);
      navigate("/ideas", { replace: true });
    } catch {
      toast.error(SIGN_OUT_ERROR, { id: TOAST_IDS.signOut });
      setSigningOut(false);
    }
  }

  // Opened without a session: sign in first. A session that ends while the page is open (or
  // after its first paint greeted the person) is followed by SessionWatcher (to "/", or /ideas
  // for this page's own button).
  const [greeted] = useState(greetedAtFirstPaint);
  const hadSession = useRef(greeted);
  if (isAuthenticated) hadSession.current = true;
  const mustSignIn = !isLoading && !isAuthenticated && !signingOut && !hadSession.current;
  // Back from connecting YouTube or TikTok: the callback page's outcome, as a toast (the router
  // state is left alone when the page is about to send the person to sign in).
  usePlatformAuthNotice({ clearState: !mustSignIn });
  if (mustSignIn) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }

  return (
    <div className="container page profile-page">
      {isLoading ? (
        <ProfileSkeleton />
      ) : (
        <QueryErrorBoundary
          fallback={<ProfileLoadError />}
          onError={() => toast.error(LOAD_USER_ERROR, { id: "profile-load-error" })}
        >
          <ProfileContent signingOut={signingOut} onSignOut={() => void handleSignOut()} />
        </QueryErrorBoundary>
      )}
    </div>
  );
}

function ProfileContent({ signingOut, onSignOut }: { signingOut: boolean; onSignOut: () => void }) {
  const { isLoading, user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseProfileTab(searchParams.get("tab"));

  if (isLoading || (user === null && signingOut)) return <ProfileSkeleton />;
  if (user === null) return <ProfileLoadError />;

  function selectTab(key: ProfileTab) {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set("tab", key);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      <ProfileHeader user={user}>
        <ProfileLinks userId={user._id} />
      </ProfileHeader>

      <AfterFirstPaint placeholder={<ProfileTabsSkeleton />}>
        <Tabs
          className="profile-tabs"
          label="Profile sections"
          tabs={PROFILE_TABS}
          selected={tab}
          onSelect={selectTab}
          renderPanel={(key) => {
            switch (key) {
              case "bounties":
                return <MyBountiesTab />;
              case "submissions":
                return <SubmissionsTab userId={user._id} />;
              case "settings":
                return <SettingsTab user={user} signingOut={signingOut} onSignOut={onSignOut} />;
            }
          }}
        />
      </AfterFirstPaint>
    </>
  );
}

/** "Welcome, {name}!" beside the avatar, the email and what the page adds below them. */
function ProfileHeader({ user, children }: { user: CurrentUser; children?: ReactNode }) {
  const name = user.displayName || "Anonymous";
  return (
    <header className="profile-header">
      <Avatar name={name} url={user.avatarUrl} size={72} className={styles.profileHeaderAvatar} />
      <div className="profile-header__text">
        {/* One text node, as the first paint writes it: the same text then paints the same size. */}
        <h1 className="profile-header__title">{`Welcome, ${name}!`}</h1>
        {user.email && <p className="profile-header__email">{user.email}</p>}
        {children}
      </div>
    </header>
  );
}

function ProfileSkeleton() {
  // The person the first paint greeted (index.html), while the session and profile load.
  const viewer = firstPaintAnswer(api.users.current, {});
  return (
    <Loading className="profile-skeleton" label="Loading your profile...">
      {viewer ? (
        <ProfileHeader user={viewer} />
      ) : (
        <div className="profile-header" aria-hidden="true">
          <Skeleton className={styles.profileSkeletonAvatar} />
          <Skeleton className={styles.profileSkeletonTitle} />
        </div>
      )}
      <ProfileTabsSkeleton />
    </Loading>
  );
}

function ProfileTabsSkeleton() {
  return (
    <>
      <Skeleton className={styles.profileSkeletonTabs} />
      <Skeleton className={styles.profileSkeletonPanel} />
    </>
  );
}

function ProfileLoadError() {
  return (
    <div className="alert alert-danger" role="alert">
      {LOAD_USER_ERROR}. Please reload the page to try again.
    </div>
  );
}
