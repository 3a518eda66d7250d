import { Link, useParams } from 'react-router';
import { memberTimeZone, parseDayParam } from '@th/domain';
import { Hero } from '@/components/hero';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { MentorFeedback } from '@/features/community/components/mentor-feedback';
import { ShareTrade } from '@/features/community/components/share-trade';
import { DailyLogPage } from '@/features/journal/components/daily-log-page';

/** /tradedesk/day/{date}: the first 10 characters must be a real date (§5.4). */
export function Component() {
  const params = useParams();
  const date = parseDayParam(params.date);
  const { data: profile } = useProfile();
  if (!date) {
    return (
      <>
        <Hero title="Daily Log" />
        <p role="alert">Invalid or missing date provided.</p>
        <Link className="btn btn-secondary" to={paths.tradedesk}>
          Return to calendar
        </Link>
      </>
    );
  }
  return (
    <DailyLogPage
      key={date}
      date={date}
      tradeExtra={(trade) => (
        <>
          <ShareTrade key={trade.id} tradeId={trade.id} instrument={trade.instrument} linkTo={paths.communityChannel} />
          <MentorFeedback key={`feedback-${trade.id}`} tradeId={trade.id} instrument={trade.instrument} zone={memberTimeZone(profile?.timezone)} threadLink={paths.communityThread} />
        </>
      )}
    />
  );
}
