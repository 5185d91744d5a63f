import { Loading, Skeleton } from "../../components/ui/Skeleton";
import ideaListStyles from "./IdeaList.module.css";
import ideaCardStyles from "./IdeaCard.module.css";

/** Placeholder cards while the first page loads. */
export default function IdeaListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Loading className={ideaListStyles.ideaListSkeleton} label="Loading bounties…">
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          className={`${ideaCardStyles.ideaCard} ${ideaListStyles.ideaCardSkeleton} card`}
          aria-hidden="true"
        >
          <div className={ideaCardStyles.ideaCardVotes}>
            <Skeleton className={ideaListStyles.skeletonVotes} />
          </div>
          <div className={ideaCardStyles.ideaCardBody}>
            <Skeleton
              className={`${ideaListStyles.skeletonLine} ${ideaListStyles.skeletonLineShort}`}
            />
            <Skeleton
              className={`${ideaListStyles.skeletonLine} ${ideaListStyles.skeletonLineTitle}`}
            />
            <Skeleton className={ideaListStyles.skeletonLine} />
          </div>
          <div className={ideaCardStyles.ideaCardBounty}>
            <Skeleton
              className={`${ideaListStyles.skeletonLine} ${ideaListStyles.skeletonLineAmount}`}
            />
            <Skeleton
              className={`${ideaListStyles.skeletonLine} ${ideaListStyles.skeletonLineBar}`}
            />
          </div>
        </div>
      ))}
    </Loading>
  );
}
