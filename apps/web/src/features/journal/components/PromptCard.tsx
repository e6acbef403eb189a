import { BulbOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, Card, Skeleton } from 'antd';
import { NEW_PROMPT, TODAYS_PROMPT, useJournalPromptQuery, useLazyJournalPromptQuery } from '../journalApi';

/** "Today's Reflection Prompt" with 'Generate New Prompt' (never one of the member's last 10, per issue 4). */
export function PromptCard() {
  const { notification } = App.useApp();
  const { data, isLoading, isError, refetch } = useJournalPromptQuery(TODAYS_PROMPT);
  const [generate, { isFetching: generating }] = useLazyJournalPromptQuery();

  const onGenerate = async () => {
    const result = await generate(NEW_PROMPT);
    if (result.error) notification.error({ title: 'Could not get a new prompt', description: 'Please try again.' });
  };

  return (
    <Card
      variant="borderless"
      className="content-card prompt-card"
      title={
        <h2 className="card-heading">
          <BulbOutlined aria-hidden className="prompt-card__icon" /> Today's Reflection Prompt
        </h2>
      }
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : isError || !data ? (
        <div className="side-card__empty">
          <p className="muted">We couldn't load today's prompt.</p>
          <Button onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : (
        <blockquote className="prompt-card__text" aria-live="polite">
          {data.prompt}
        </blockquote>
      )}
      <Button icon={<SyncOutlined aria-hidden spin={generating} />} onClick={() => void onGenerate()} disabled={generating || isLoading}>
        Generate New Prompt
      </Button>
    </Card>
  );
}
