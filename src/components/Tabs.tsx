import { useRef, type KeyboardEvent, type ReactNode } from "react";

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix for the tab and panel ids (unique on the page). */
  idPrefix: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The content of the selected tab's panel; hidden panels stay empty. */
  renderPanel: (key: K) => ReactNode;
  className?: string;
}

/**
 * An accessible tab list (WAI-ARIA tabs pattern, automatic activation): one tab stop, arrow
 * keys move between tabs and select them, Home and End jump to the first and last tab.
 */
export default function Tabs<K extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  renderPanel,
  className,
}: TabsProps<K>) {
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${idPrefix}-tab-${key}`;
  const panelId = (key: K) => `${idPrefix}-panel-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    let nextIndex: number;
    switch (event.key) {
      case "ArrowRight":
        nextIndex = (index + 1) % tabs.length;
        break;
      case "ArrowLeft":
        nextIndex = (index - 1 + tabs.length) % tabs.length;
        break;
      case "Home":
        nextIndex = 0;
        break;
      case "End":
        nextIndex = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const next = tabs[nextIndex];
    if (!next) return;
    onSelect(next.key);
    tabRefs.current.get(next.key)?.focus();
  }

  return (
    <div className={className ? `tabs ${className}` : "tabs"}>
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              className="tabs__tab"
              aria-selected={isSelected}
              aria-controls={panelId(tab.key)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        return (
          <div
            key={tab.key}
            role="tabpanel"
            id={panelId(tab.key)}
            className="tabs__panel"
            aria-labelledby={tabId(tab.key)}
            hidden={!isSelected}
          >
            {isSelected ? renderPanel(tab.key) : null}
          </div>
        );
      })}
    </div>
  );
}
