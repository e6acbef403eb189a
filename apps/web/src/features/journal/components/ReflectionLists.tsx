import { RECENT_JOURNAL_ENTRIES } from '@abide/contracts';
import { Button, Card, Empty, Input, Pagination, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useJournalListQuery } from '../journalApi';
import { EntryItem, type EntryActions } from './EntryItem';

/** The latest five reflections. */
export function RecentReflections({ actions, onBrowse }: { actions: EntryActions; onBrowse: () => void }) {
  const { data, isLoading, isError, refetch } = useJournalListQuery({ page: 1, pageSize: RECENT_JOURNAL_ENTRIES });
  return (
    <Card
      variant="borderless"
      className="content-card"
      title={<h2 className="card-heading">Recent Reflections</h2>}
      extra={
        data && data.total > RECENT_JOURNAL_ENTRIES ? (
          <Button type="link" onClick={onBrowse}>
            See all {data.total}
          </Button>
        ) : null
      }
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : isError ? (
        <Empty description="We couldn't load your reflections.">
          <Button onClick={() => void refetch()}>Try again</Button>
        </Empty>
      ) : !data || data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Your reflections will appear here." />
      ) : (
        <ul className="entries" aria-label="Recent reflections">
          {data.items.map((entry) => (
            <EntryItem key={entry.id} entry={entry} actions={actions} />
          ))}
        </ul>
      )}
    </Card>
  );
}

const PAGE_SIZE = 10;

/** Every reflection, searchable and paged; drafts on their own view. */
export function AllReflections({ actions, id }: { actions: EntryActions; id: string }) {
  const [view, setView] = useState<'entries' | 'drafts'>('entries');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useJournalListQuery({
    page,
    pageSize: PAGE_SIZE,
    q: query || undefined,
    drafts: view === 'drafts' ? '1' : undefined,
  });

  return (
    <Card variant="borderless" className="content-card" id={id} title={<h2 className="card-heading">All Reflections</h2>}>
      <div className="list-toolbar">
        <Input.Search
          allowClear
          placeholder="Search your reflections"
          aria-label="Search your reflections"
          onSearch={(value) => {
            setQuery(value.trim());
            setPage(1);
          }}
          className="list-toolbar__search"
        />
        <Segmented
          value={view}
          onChange={(value) => {
            setView(value as 'entries' | 'drafts');
            setPage(1);
          }}
          options={[
            { value: 'entries', label: 'Entries' },
            { value: 'drafts', label: 'Drafts' },
          ]}
          aria-label="Show entries or drafts"
        />
      </div>
      {isFetching && !data ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : isError ? (
        <Empty description="We couldn't load your reflections." />
      ) : !data || data.items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={query ? `No reflections match “${query}”.` : view === 'drafts' ? 'No drafts.' : 'No reflections yet.'}
        />
      ) : (
        <>
          <p className="muted list-count" aria-live="polite">
            {data.total} {data.total === 1 ? 'reflection' : 'reflections'}
            {query ? ` matching “${query}”` : ''}
          </p>
          <ul className="entries" aria-label={view === 'drafts' ? 'Drafts' : 'All reflections'} aria-busy={isFetching}>
            {data.items.map((entry) => (
              <EntryItem key={entry.id} entry={entry} actions={actions} />
            ))}
          </ul>
          {data.total > PAGE_SIZE ? (
            <Pagination
              className="list-pagination"
              current={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              onChange={setPage}
              showSizeChanger={false}
              size="small"
            />
          ) : null}
        </>
      )}
    </Card>
  );
}
