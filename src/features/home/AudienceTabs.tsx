import { useState } from "react";
import Tabs from "../../components/ui/Tabs";
import tabsStyles from "../../components/ui/Tabs.module.css";

type Audience = "creators" | "viewers" | "businesses";

const AUDIENCES = [
  { key: "creators", label: "Creators" },
  { key: "viewers", label: "Viewers" },
  { key: "businesses", label: "Businesses" },
] as const;

export const STEPS: Record<Audience, { title: string; text: string }[]> = {
  creators: [
    {
      title: "Find an idea",
      text: "Browse open bounties and pick an idea that fits your channel and your style.",
    },
    {
      title: "Submit a video link",
      text: "Make the video, post it on YouTube or TikTok, and share the link before the deadline.",
    },
    {
      title: "Get rewarded",
      text: "When your video is chosen as the best, the bounty is paid out to you.",
    },
  ],
  viewers: [
    {
      title: "Post an idea",
      text: "Describe the video you wish existed, and back it with a bounty others can add to.",
    },
    {
      title: "Creators make videos",
      text: "Creators take on your idea and submit their videos before the deadline.",
    },
    {
      title: "Choose the best",
      text: "Watch the submissions, vote, and reward the video you love most.",
    },
  ],
  businesses: [
    {
      title: "Post and fund ideas about your product",
      text: "Describe the videos you'd like to see about your product and fund their bounties.",
    },
    {
      title: "Creators make videos using it",
      text: "Creators try your product and make original videos that show it in action.",
    },
    {
      title: "Reward the best",
      text: "Pick the videos that work best for you and reward their creators.",
    },
  ],
};

/** "How it works" for each audience: three numbered steps per tab. */
export default function AudienceTabs() {
  const [selected, setSelected] = useState<Audience>("creators");
  return (
    <Tabs
      label="How it works for"
      className={tabsStyles.audienceTabs}
      tabs={AUDIENCES}
      selected={selected}
      onSelect={setSelected}
      renderPanel={(audience) => (
        <ol className={tabsStyles.audienceSteps} role="list">
          {STEPS[audience].map((step, index) => (
            <li key={step.title} className={tabsStyles.audienceStep}>
              <span className={tabsStyles.audienceStepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={tabsStyles.audienceStepTitle}>
                <span className="visually-hidden">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className={tabsStyles.audienceStepText}>{step.text}</p>
            </li>
          ))}
        </ol>
      )}
    />
  );
}
