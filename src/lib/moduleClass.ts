/**
 * A CSS Module's class whose name is computed (`moduleClass(styles, `fate--${tone}`)`): the
 * modules export their classes in camelCase only (vite.config.ts), so the name is converted the
 * same way (`fate--done` → `fateDone`, `platform-badge--YouTube` → `platformBadgeYouTube`).
 */
export function moduleClass(styles: CSSModuleClasses, name: string): string | undefined {
  return styles[camelCase(name)];
}

/** lodash's camelCase for class names: words split at `-`, `_` and lower-to-upper changes. */
export function camelCase(name: string): string {
  const words = name
    .split(/[-_]+/)
    .flatMap((part) => part.split(/(?<=[a-z0-9])(?=[A-Z])/))
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  return words
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join("");
}
