import { BookOutlined, EditOutlined, FireOutlined, FontSizeOutlined } from '@ant-design/icons';
import type { JournalEntry } from '@abide/contracts';
import { App, Card, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { OfflineMark } from '../../../shared/offline/OfflineMark';
import { ScripturePassage } from '../../scripture';
import { EntryModal } from '../components/EntryModal';
import type { EntryActions } from '../components/EntryItem';
import { InsightModal } from '../components/InsightModal';
import { PromptCard } from '../components/PromptCard';
import { ReflectionForm } from '../components/ReflectionForm';
import { AllReflections, RecentReflections } from '../components/ReflectionLists';
import { TODAYS_PROMPT, useJournalPromptQuery, useJournalRemoveMutation, useJournalStatsQuery } from '../journalApi';
import '../journal.css';

const ALL_REFLECTIONS_ID = 'all-reflections';

/** The reads this page shows (for its offline mark). */
const JOURNAL_READS = ['journalList', 'journalStats', 'journalPrompt'];

function ProgressCard() {
  const { data } = useJournalStatsQuery();
  const rows = data
    ? [
        { label: 'Total entries', value: `${data.totalEntries}`, icon: <EditOutlined /> },
        { label: 'Writing streak', value: `${data.writingStreak} ${data.writingStreak === 1 ? 'day' : 'days'}`, icon: <FireOutlined /> },
        { label: 'Words this week', value: data.wordsThisWeek.toLocaleString('en-US'), icon: <FontSizeOutlined /> },
      ]
    : [];
  return (
    <Card variant="borderless" className="side-card" title={<h2 className="card-heading">Your Progress</h2>}>
      {!data ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : (
        <dl className="progress-list">
          {rows.map((row) => (
            <div key={row.label} className="progress-list__row">
              <dt>
                <span className="progress-list__icon" aria-hidden>
                  {row.icon}
                </span>
                {row.label}
              </dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

function ScriptureCard() {
  const { data, isLoading } = useJournalPromptQuery(TODAYS_PROMPT);
  return (
    <Card
      variant="borderless"
      className="side-card scripture-card"
      title={
        <h2 className="card-heading">
          <BookOutlined aria-hidden /> Scripture for Reflection
        </h2>
      }
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : data?.scripture ? (
        <figure className="scripture-note">
          <figcaption className="scripture-note__ref">{data.scripture.reference}</figcaption>
          <ScripturePassage reference={data.scripture.reference} />
          <p className="scripture-note__why">{data.scripture.why}</p>
        </figure>
      ) : (
        <p className="muted">Open your Bible to a Psalm and read it slowly, listening for one phrase to carry with you.</p>
      )}
    </Card>
  );
}

/** Journal (issue 4): prompt, reflection form, recent and all reflections, progress, scripture. */
export function JournalPage() {
  const { notification } = App.useApp();
  const [remove] = useJournalRemoveMutation();
  const [open, setOpen] = useState<{ entry: JournalEntry; mode: 'view' | 'edit' } | null>(null);
  const [insightFor, setInsightFor] = useState<JournalEntry | null>(null);

  const actions = useMemo<EntryActions>(
    () => ({
      onView: (entry) => setOpen({ entry, mode: 'view' }),
      onEdit: (entry) => setOpen({ entry, mode: 'edit' }),
      onInsight: (entry) => setInsightFor(entry),
      onDelete: async (entry) => {
        const result = await remove(entry.id);
        if (result.error) notification.error({ title: 'Failed to delete entry', description: 'Please try again.' });
        else notification.success({ title: 'Reflection deleted' });
      },
    }),
    [remove, notification],
  );

  return (
    <main className="page journal-page">
      <title>Journal · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Reflect with Jesus Today
          </Typography.Title>
          <p className="page-header__lead">A quiet place to listen, remember and give thanks.</p>
          <OfflineMark endpoints={JOURNAL_READS} />
        </div>
      </header>

      <div className="journal-layout">
        <div className="journal-layout__main">
          <PromptCard />
          <ReflectionForm />
          <RecentReflections
            actions={actions}
            onBrowse={() => document.getElementById(ALL_REFLECTIONS_ID)?.scrollIntoView({ behavior: 'smooth' })}
          />
          <AllReflections actions={actions} id={ALL_REFLECTIONS_ID} />
        </div>
        <aside className="journal-layout__side" aria-label="Your journal at a glance">
          <ProgressCard />
          <ScriptureCard />
        </aside>
      </div>

      <EntryModal
        key={open ? `${open.entry.id}-${open.mode}` : 'none'}
        entry={open?.entry ?? null}
        mode={open?.mode ?? 'view'}
        onClose={() => setOpen(null)}
        onEdit={(entry) => setOpen({ entry, mode: 'edit' })}
      />
      <InsightModal entry={insightFor} onClose={() => setInsightFor(null)} />
    </main>
  );
}
