import { Loading, Skeleton } from "../../components/ui/Skeleton";
import ideaListStyles from "./IdeaList.module.css";
import ideaCardStyles from "./IdeaCard.module.css";

/** Placeholder cards while the first page loads, in the card's own places (compact on phones). */
export default function IdeaListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Loading className={ideaListStyles.ideaListSkeleton} label="Loading bounties…">
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          className={`${ideaCardStyles.ideaCard} ${ideaListStyles.ideaCardSkeleton} card`}
          aria-hidden="true"
        >
          <Skeleton className={ideaListStyles.skeletonCover} />
          <div className={ideaCardStyles.ideaCardVotes}>
            <Skeleton className={ideaListStyles.skeletonVotes} />
          </div>
          <div className={ideaCardStyles.ideaCardBody}>
            <div className={ideaCardStyles.ideaCardMeta}>
              <Skeleton
                className={`${ideaListStyles.skeletonLine} ${ideaListStyles.skeletonLineShort}`}
              />
            </div>
            <div className={ideaCardStyles.ideaCardTitle}>
              <Skeleton
                className={`${ideaListStyles.skeletonLine} ${ideaListStyles.skeletonLineTitle}`}
              />
            </div>
            <div className={ideaCardStyles.ideaCardDescription}>
              <Skeleton className={ideaListStyles.skeletonLine} />
            </div>
          </div>
          <div className={ideaCardStyles.ideaCardBounty}>
            <div className={ideaCardStyles.ideaCardFigure}>
              <Skeleton
                className={`${ideaListStyles.skeletonLine} ${ideaListStyles.skeletonLineAmount}`}
              />
              <Skeleton
                className={`${ideaListStyles.skeletonLine} ${ideaListStyles.skeletonLineBar}`}
              />
            </div>
          </div>
        </div>
      ))}
    </Loading>
  );
}
