import { CloudUploadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { LIBRARY_PAGE_SIZE, type Resource } from '@abide/contracts';
import { Alert, Button, Empty, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { LibraryFilterBar } from '../components/LibraryFilterBar';
import { ReportModal } from '../components/ReportModal';
import { ResourceCard } from '../components/ResourceCard';
import { useDebounced } from '../hooks/useDebounced';
import { useDownload } from '../hooks/useDownload';
import { useListResourcesInfiniteQuery } from '../libraryApi';
import { activeFilterBadges, filterParams, noFilters, resourcesFound, showLoadMore, type LibraryFilters } from '../resource-format';
import '../library.css';

/** Typing pauses this long before the library searches. */
const SEARCH_DEBOUNCE_MS = 300;

/** Library (issue 5): server-side search and filters, cards, downloads, reports and Load More. */
export function LibraryPage() {
  const [filters, setFilters] = useState<LibraryFilters>(noFilters);
  const q = useDebounced(filters.q, SEARCH_DEBOUNCE_MS);
  const args = filterParams({ ...filters, q });
  const { data, isLoading, isFetching, isError, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } =
    useListResourcesInfiniteQuery(args);
  // While a search waits for its pause or its answer, the previous results stay, dimmed and marked busy.
  const refreshing = (isFetching && !isFetchingNextPage) || q !== filters.q;
  const { download, busyId } = useDownload();
  const [reporting, setReporting] = useState<Resource | null>(null);

  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  const filtered = activeFilterBadges(filters).length > 0;

  return (
    <main className="page library-page">
      <title>Library · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Resource Library
          </Typography.Title>
          <p className="page-header__lead">Devotionals, studies and guides shared by the community.</p>
        </div>
        <div className="page-header__actions">
          <ButtonLink to="/my-uploads" icon={<FolderOpenOutlined aria-hidden />}>
            My uploads
          </ButtonLink>
          <ButtonLink to="/upload" type="primary" icon={<CloudUploadOutlined aria-hidden />}>
            Upload Resource
          </ButtonLink>
        </div>
      </header>

      <LibraryFilterBar filters={filters} onChange={setFilters} />

      {isError ? (
        <Alert
          type="error"
          showIcon
          title="The library could not be loaded"
          description="Please try again."
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <section className="library-results" aria-label="Results" aria-busy={refreshing}>
          <p className="library-count" aria-live="polite">
            {resourcesFound(total)}
          </p>
          {items.length === 0 ? (
            <Empty
              className="library-empty"
              description={
                filtered ? (
                  <>
                    <strong>No resources match your search</strong>
                    <br />
                    Try other words or clear the filters.
                  </>
                ) : (
                  <>
                    <strong>No resources yet</strong>
                    <br />
                    Be the first to share something that helped you grow.
                  </>
                )
              }
            >
              {filtered ? (
                <Button onClick={() => setFilters(noFilters)}>Clear filters</Button>
              ) : (
                <ButtonLink to="/upload" type="primary">
                  Upload Resource
                </ButtonLink>
              )}
            </Empty>
          ) : (
            <div className={`resource-grid${refreshing ? ' resource-grid--refreshing' : ''}`} role="list" aria-label="Resources">
              {items.map((resource) => (
                <div role="listitem" key={resource.id}>
                  <ResourceCard
                    resource={resource}
                    onDownload={(r) => void download(r)}
                    downloading={busyId === resource.id}
                    onReport={setReporting}
                  />
                </div>
              ))}
            </div>
          )}
          {showLoadMore(items.length, hasNextPage, LIBRARY_PAGE_SIZE) && (
            <div className="library-more">
              <Button size="large" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Load More Resources
              </Button>
            </div>
          )}
        </section>
      )}
      <ReportModal resource={reporting} onClose={() => setReporting(null)} />
    </main>
  );
}
