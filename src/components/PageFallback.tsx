import { Loading, Skeleton, SkeletonRows } from "./ui/Skeleton";
import styles from "./PageFallback.module.css";

/** What a lazily loaded page shows while its code arrives: a light skeleton. */
export default function PageFallback() {
  return (
    <Loading className={`container page ${styles.pageFallback}`} label="Loading…">
      <Skeleton className={styles.pageFallbackTitle} />
      <Skeleton className={styles.pageFallbackLine} />
      <SkeletonRows count={2} className={styles.pageFallbackCard} />
    </Loading>
  );
}
