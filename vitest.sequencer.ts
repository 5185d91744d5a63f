// The order in which Vitest hands test files to its workers. The randomized money test's parts
// (convex/money.random.<part>.test.ts) are the longest files by far but the smallest on disk, so
// Vitest's default (larger files first) would start them last and leave one worker running them
// alone at the end. They go first; the rest follow, larger files first, as Vitest does.
import { statSync } from "node:fs";

interface Spec {
  moduleId: string;
}

const LONGEST = /money\.random\.\d+\.test\.ts$/;

export class LongestFirstSequencer {
  async shard<T extends Spec>(files: T[]): Promise<T[]> {
    return files;
  }

  async sort<T extends Spec>(files: T[]): Promise<T[]> {
    const size = (f: T) => (LONGEST.test(f.moduleId) ? Infinity : statSync(f.moduleId).size);
    return [...files].sort((a, b) => size(b) - size(a) || a.moduleId.localeCompare(b.moduleId));
  }
}
