import type { JournalEntry } from '@abide/contracts';
import { Button, Modal, Result, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { isRateLimited, rateLimitText } from '../../auth';
import { ScripturePassage } from '../../scripture';
import { useJournalInsightMutation } from '../journalApi';

/** 'Get AI insight': a short reflection on the entry with a related scripture. */
export function InsightModal({ entry, onClose }: { entry: JournalEntry | null; onClose: () => void }) {
  const [getInsight, { data, error, isLoading, isError, originalArgs }] = useJournalInsightMutation();
  const asked = useRef<string | null>(null);

  // Ask once per opened entry; the mutation's own state drives what the dialog shows.
  useEffect(() => {
    const id = entry?.id ?? null;
    if (id && asked.current !== id) void getInsight(id);
    asked.current = id;
  }, [entry?.id, getInsight]);

  if (!entry) return null;
  return (
    <Modal
      open
      title="Insight on your reflection"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div aria-live="polite" aria-busy={isLoading}>
        {isLoading || originalArgs !== entry.id || (!data && !isError) ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : isError && isRateLimited(error) ? (
          // The server's words and its moment: a member who asked for many reflections waits, and knows until when.
          <Result status="info" title="Please wait a little before asking again" subTitle={rateLimitText(error)} />
        ) : isError || !data ? (
          <Result
            status="warning"
            title="We couldn't reflect on this entry right now"
            subTitle="Please try again in a moment."
            extra={<Button onClick={() => void getInsight(entry.id)}>Try again</Button>}
          />
        ) : (
          <>
            <p className="insight-text">{data.insight}</p>
            {data.scripture ? (
              <figure className="scripture-note">
                <figcaption className="scripture-note__ref">{data.scripture.reference}</figcaption>
                <ScripturePassage reference={data.scripture.reference} />
                <p className="scripture-note__why">{data.scripture.why}</p>
              </figure>
            ) : null}
          </>
        )}
      </div>
    </Modal>
  );
}
