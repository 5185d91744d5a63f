import "../styles/lists.css";
import { Loading, Skeleton, SkeletonRows } from "./ui/Skeleton";

/** What a lazily loaded page shows while its code arrives: a light skeleton. */
export default function PageFallback() {
  return (
    <Loading className="container page page-fallback" label="Loading…">
      <Skeleton className="page-fallback__title" />
      <Skeleton className="page-fallback__line" />
      <SkeletonRows count={2} className="page-fallback__card" />
    </Loading>
  );
}
