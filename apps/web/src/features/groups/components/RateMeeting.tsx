import { App, Rate, Skeleton } from 'antd';
import { failureDescription } from '../group-errors';
import { useGroupsMyRatingQuery, useGroupsRateMutation } from '../groupsApi';

const starLabels = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Rate this week's meeting 1–5; the leaders' dashboard shows the average. Rating again replaces the earlier one. */
export function RateMeeting({ groupId }: { groupId: string }) {
  const { notification } = App.useApp();
  const { data, isLoading } = useGroupsMyRatingQuery({ id: groupId });
  const [rate, { isLoading: saving }] = useGroupsRateMutation();

  const onRate = async (rating: number) => {
    if (rating < 1) return;
    const result = await rate({ id: groupId, rateMeetingDto: { rating } });
    if (result.error) notification.error({ title: 'Could not save your rating', description: failureDescription(result.error) });
    else notification.success({ title: "Thanks for rating this week's meeting!" });
  };

  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <section className="rate-meeting" aria-labelledby="rate-meeting-title">
      <h3 id="rate-meeting-title" className="section-heading">
        Rate this week's meeting
      </h3>
      <p className="muted">How was your time together this week? Your leaders see only the average.</p>
      <Rate
        value={data.rating ?? 0}
        tooltips={starLabels}
        allowClear={false}
        disabled={saving}
        onChange={(value) => void onRate(value)}
        aria-label="Rating"
      />
      <p className="rate-meeting__mine" aria-live="polite">
        {data.rating ? `Your rating: ${data.rating} of 5` : "You have not rated this week's meeting yet."}
      </p>
    </section>
  );
}
