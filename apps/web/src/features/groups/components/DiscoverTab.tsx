import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Input, Result, Skeleton } from 'antd';
import { useActiveChurch } from '../../churches';
import { useEffect, useState } from 'react';
import { discoverCountText } from '../group-format';
import { useGroupsDiscoverQuery } from '../groupsApi';
import { DiscoverCard } from './DiscoverCard';

export const DISCOVER_PAGE_SIZE = 12;
/** Wait this long after the last keystroke before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** One page of results; the list grows a page at a time with Load more, each page its own cached query. */
function DiscoverPage({ q, mine, page, isLast, onMore }: { q: string; mine: boolean; page: number; isLast: boolean; onMore: () => void }) {
  // `data` stays the last answer while a new search loads, so a card stays put (with a join dialog it may have open)
  // when it is in both answers; the count speaks only for the current search.
  const { data, currentData, isFetching, isError, refetch } = useGroupsDiscoverQuery({
    q: q || undefined,
    church: mine ? 'mine' : undefined,
    page,
    pageSize: DISCOVER_PAGE_SIZE,
  });
  if (isError) {
    return (
      <Result
        className="group-grid__wide"
        status="warning"
        title="Groups could not be loaded"
        extra={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  }
  if (!data) return <Skeleton className="group-grid__wide" active paragraph={{ rows: 3 }} />;
  return (
    <>
      {page === 1 ? (
        <p className="group-grid__wide discover-count" aria-live="polite">
          {currentData ? discoverCountText(currentData.total, q) : 'Searching…'}
        </p>
      ) : null}
      {data.items.map((group) => (
        <DiscoverCard key={group.id} group={group} />
      ))}
      {isLast && data.hasMore ? (
        <div className="group-grid__wide discover-more">
          <Button onClick={onMore} loading={isFetching}>
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** Discover Groups: a server-side search over name and description, Browse All with pages, and Start Your Own Group. */
export function DiscoverTab({ onCreate }: { onCreate: () => void }) {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [pages, setPages] = useState(1);
  // "My church": only the groups of the churches the member belongs to (offered to members of a church).
  const hasChurch = useActiveChurch().churches.length > 0;
  const [mine, setMine] = useState(false);

  useEffect(() => {
    const trimmed = input.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => {
      setQ(trimmed);
      setPages(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, q]);

  const browseAll = () => {
    setInput('');
    setQ('');
    setPages(1);
  };

  return (
    <section aria-label="Discover Groups">
      <div className="discover-toolbar">
        <Input.Search
          className="discover-toolbar__search"
          placeholder="Search groups by name or description"
          aria-label="Search groups"
          allowClear
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onSearch={(value) => {
            setQ(value.trim());
            setPages(1);
          }}
        />
        <Button onClick={browseAll}>Browse All</Button>
        {hasChurch ? (
          <Checkbox
            checked={mine}
            onChange={(event) => {
              setMine(event.target.checked);
              setPages(1);
            }}
          >
            My church only
          </Checkbox>
        ) : null}
      </div>
      <div className="group-grid">
        {Array.from({ length: pages }, (_, index) => (
          <DiscoverPage key={index + 1} q={q} mine={mine && hasChurch} page={index + 1} isLast={index + 1 === pages} onMore={() => setPages(pages + 1)} />
        ))}
        <Card variant="borderless" className="group-card group-card--start" role="region" aria-labelledby="start-own-group">
          <h3 id="start-own-group" className="group-card__name">
            Start Your Own Group
          </h3>
          <p className="group-card__description">Gather friends, family or your church small group to pray, read and grow together.</p>
          <div className="group-card__actions">
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onCreate}>
              Create Group
            </Button>
          </div>
        </Card>
      </div>
    </section>
  );
}
