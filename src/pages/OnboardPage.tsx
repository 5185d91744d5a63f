import { useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { useConvexAuth, useMutation } from "convex/react";
import { Controller, useForm, useWatch, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { toast } from "../lib/toast";
import { api } from "../../convex/_generated/api";
import QueryErrorBoundary from "../components/QueryErrorBoundary";
import { groupFocusTarget } from "../components/ui/FieldError";
import ChoiceGroup from "../features/accounts/ChoiceGroup";
import { convexErrorMessage } from "../lib/errors";
import {
  ACCOUNT_TYPES,
  PREFERRED_PLATFORMS,
  type AccountType,
  type PreferredPlatform,
} from "../lib/preferences";
import { connectChannelPath, NEXT_PARAM, safeNext } from "../lib/returnTo";
import { useCurrentUser } from "../lib/session";
import { TOAST_IDS } from "../lib/toasts";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useUnsavedChangesWarning } from "../lib/useUnsavedChangesWarning";
import { Loading, Skeleton, SkeletonRows } from "../components/ui/Skeleton";
import styles from "./OnboardPage.module.css";

export const SAVED_MESSAGE = "Information saved successfully!";
export const MISSING_CHOICE_MESSAGE = "Please choose an account type and a platform.";
export const USER_DATA_MESSAGE = "User data not available";
export const SAVE_ERROR_MESSAGE = "Error saving information. Please try again.";
export const LOAD_ERROR_MESSAGE = "Error loading preferences";
export const UNSAVED_MESSAGE = "You have unsaved changes.";

const ACCOUNT_TYPE_DESCRIPTIONS: Record<AccountType, string> = {
  Creator: "I make videos and want to earn bounties.",
  Viewer: "I watch videos and want to request the ones I wish existed.",
  Business: "I want creators to make videos about my product.",
};

const PLATFORM_DESCRIPTIONS: Record<PreferredPlatform, string> = {
  YouTube: "Videos and Shorts",
  TikTok: "Short vertical videos",
  Both: "YouTube and TikTok",
};

/** The platform question, worded for the chosen account type. */
export function platformPrompt(accountType: AccountType | null): string {
  switch (accountType) {
    case "Creator":
      return "Where do you publish your videos?";
    case "Viewer":
      return "Where do you watch videos?";
    case "Business":
      return "Where should videos about your product appear?";
    default:
      return "Which platform matters most to you?";
  }
}

interface Preferences {
  accountType: AccountType | null;
  preferredPlatform: PreferredPlatform | null;
}

const NO_PREFERENCES: Preferences = { accountType: null, preferredPlatform: null };

/** /onboard: choose an account type and a preferred platform. */
export default function OnboardPage() {
  useDocumentTitle("Account preferences");
  const location = useLocation();
  const { isLoading, isAuthenticated } = useConvexAuth();

  if (!isLoading && !isAuthenticated) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }

  return (
    <div className="container page onboard-page">
      <section className="card onboard-card" aria-labelledby="onboard-heading">
        <header className="onboard-card__header">
          <h1 id="onboard-heading">Welcome to Bounties!</h1>
          <p className="muted">
            Tell us a little about yourself. You can change these choices later in your profile.
          </p>
        </header>
        {isLoading ? (
          <OnboardSkeleton />
        ) : (
          <QueryErrorBoundary
            fallback={<OnboardForm saved={NO_PREFERENCES} />}
            onError={() => toast.error(LOAD_ERROR_MESSAGE, { id: "onboard-load-error" })}
          >
            <OnboardWithProfile />
          </QueryErrorBoundary>
        )}
      </section>
    </div>
  );
}

function OnboardWithProfile() {
  const { isLoading, user } = useCurrentUser();
  if (isLoading) return <OnboardSkeleton />;
  return (
    <OnboardForm
      key={user?._id ?? "nobody"}
      saved={{
        accountType: user?.accountType ?? null,
        preferredPlatform: user?.preferredPlatform ?? null,
      }}
    />
  );
}

function OnboardSkeleton() {
  return (
    <Loading className={styles.onboardSkeleton} label="Loading your preferences...">
      {[0, 1].map((group) => (
        <div key={group} className={styles.onboardSkeletonGroup} aria-hidden="true">
          <Skeleton className={styles.onboardSkeletonLegend} />
          <div className={styles.onboardSkeletonOptions}>
            <SkeletonRows count={3} className={styles.onboardSkeletonOption} />
          </div>
        </div>
      ))}
      <Skeleton className={styles.onboardSkeletonButton} />
    </Loading>
  );
}

/** Both choices are required; a missing one is marked on its own group. */
const onboardSchema = z
  .object({
    accountType: z.enum(ACCOUNT_TYPES).nullable(),
    preferredPlatform: z.enum(PREFERRED_PLATFORMS).nullable(),
  })
  .transform((values, ctx) => {
    const { accountType, preferredPlatform } = values;
    if (accountType === null)
      ctx.addIssue({ code: "custom", message: MISSING_CHOICE_MESSAGE, path: ["accountType"] });
    if (preferredPlatform === null)
      ctx.addIssue({
        code: "custom",
        message: MISSING_CHOICE_MESSAGE,
        path: ["preferredPlatform"],
      });
    if (accountType === null || preferredPlatform === null) return z.NEVER;
    return { accountType, preferredPlatform };
  });

type ChosenPreferences = { accountType: AccountType; preferredPlatform: PreferredPlatform };

function OnboardForm({ saved }: { saved: Preferences }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const saveOnboarding = useMutation(api.users.saveOnboarding);
  const [saving, setSaving] = useState(false);
  const { control, handleSubmit, setFocus, formState } = useForm<
    Preferences,
    unknown,
    ChosenPreferences
  >({
    resolver: zodResolver(onboardSchema),
    defaultValues: saved,
    shouldFocusError: false,
  });
  const accountType = useWatch({ control, name: "accountType" });
  const { errors, isDirty } = formState;
  useUnsavedChangesWarning(isDirty);

  async function save(chosen: ChosenPreferences) {
    setSaving(true);
    try {
      const { hadAccountType } = await saveOnboarding(chosen);
      toast.success(SAVED_MESSAGE, { id: TOAST_IDS.saveOnboarding });
      // A new user goes back where they signed in from (say /submit, where their draft waits);
      // a new Creator first passes the skippable "connect your channel" step.
      const next = safeNext(searchParams.get(NEXT_PARAM));
      if (hadAccountType) navigate("/profile", { replace: true });
      else if (chosen.accountType === "Creator")
        navigate(connectChannelPath(next), { replace: true });
      else navigate(next ?? "/ideas", { replace: true });
    } catch (error) {
      const message = convexErrorMessage(error);
      toast.error(message === USER_DATA_MESSAGE ? USER_DATA_MESSAGE : SAVE_ERROR_MESSAGE, {
        id: TOAST_IDS.saveOnboarding,
      });
      setSaving(false);
    }
  }

  function invalid(problems: FieldErrors<Preferences>) {
    toast.error(MISSING_CHOICE_MESSAGE, { id: TOAST_IDS.saveOnboarding });
    setFocus(problems.accountType ? "accountType" : "preferredPlatform");
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    void handleSubmit(save, invalid)(event);
  }

  return (
    <form className={styles.onboardForm} onSubmit={onSubmit} noValidate>
      <Controller
        control={control}
        name="accountType"
        render={({ field }) => (
          <ChoiceGroup
            groupRef={(group) => field.ref(groupFocusTarget(group))}
            legend="Which best describes you?"
            name={field.name}
            options={ACCOUNT_TYPES}
            descriptions={ACCOUNT_TYPE_DESCRIPTIONS}
            value={field.value}
            onChange={field.onChange}
            error={errors.accountType?.message}
            disabled={saving}
          />
        )}
      />
      <Controller
        control={control}
        name="preferredPlatform"
        render={({ field }) => (
          <ChoiceGroup
            groupRef={(group) => field.ref(groupFocusTarget(group))}
            legend={platformPrompt(accountType)}
            name={field.name}
            options={PREFERRED_PLATFORMS}
            descriptions={PLATFORM_DESCRIPTIONS}
            value={field.value}
            onChange={field.onChange}
            error={errors.preferredPlatform?.message}
            disabled={saving}
          />
        )}
      />
      <div className={styles.onboardFormFooter}>
        <p className={styles.onboardFormDirty} role="status">
          {isDirty ? UNSAVED_MESSAGE : ""}
        </p>
        <button type="submit" className="btn btn-primary btn-lg" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
