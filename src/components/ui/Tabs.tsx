import * as RadixTabs from "@radix-ui/react-tabs";
import clsx from "clsx";
import { useState, type ReactNode } from "react";
import styles from "./Tabs.module.css";

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The content of the selected tab's panel; hidden panels stay empty. */
  renderPanel: (key: K) => ReactNode;
  className?: string;
}

/**
 * Accessible tabs (Radix, WAI-ARIA tabs pattern with automatic activation): one tab stop,
 * arrow keys move between tabs and select them, Home and End jump to the first and last tab.
 * Controlled, so a page can keep the selected tab in its address.
 */
export default function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  renderPanel,
  className,
}: TabsProps<K>) {
  // The tab shows as selected at once, even when the page keeps the selection somewhere that
  // updates later (the address, in a router transition); a new `selected` from the page wins.
  const [shown, setShown] = useState(selected);
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    setLastSelected(selected);
    setShown(selected);
  }
  return (
    <RadixTabs.Root
      className={clsx("tabs", className)}
      value={shown}
      onValueChange={(value) => {
        const tab = tabs.find((item) => item.key === value);
        if (!tab) return;
        setShown(tab.key);
        onSelect(tab.key);
      }}
      activationMode="automatic"
    >
      <RadixTabs.List className={styles.tabsList} aria-label={label} loop>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.key} value={tab.key} className={styles.tabsTab}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.key} value={tab.key} className="tabs__panel">
          {tab.key === shown ? renderPanel(tab.key) : null}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
