import { Card, Empty, Progress, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useCurriculaListQuery, useCurriculaProgressQuery } from './curriculaApi';
import './curricula.css';

/**
 * Progress per curriculum week for a church's dashboard (its admins): for each published curriculum, how many members
 * who share their progress followed each week and how many of its activities they checked off. Counts only.
 * Self-contained: give it the church's id; it fetches its own data.
 */
export function CurriculumProgress({ churchId }: { churchId: string }) {
  const list = useCurriculaListQuery(churchId);
  const published = (list.data?.items ?? []).filter((c) => c.latestVersion !== null);
  const [chosen, setChosen] = useState<string | null>(null);
  const current = published.find((c) => c.id === chosen) ?? published.find((c) => c.activeAssignments > 0) ?? published[0];
  const progress = useCurriculaProgressQuery(current?.id ?? '', { skip: !current });

  return (
    <Card title={<h2 className="card-heading">Curriculum progress</h2>} className="curriculum-progress">
      {list.isLoading ? (
        <Skeleton active />
      ) : list.error ? (
        <p className="curriculum-hint">Curriculum progress could not be loaded.</p>
      ) : !current ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No published curriculum yet" />
      ) : (
        <>
          {published.length > 1 ? (
            <label className="curriculum-field">
              <span>Curriculum</span>
              <Select value={current.id} onChange={setChosen} options={published.map((c) => ({ value: c.id, label: c.title }))} />
            </label>
          ) : (
            <p className="curriculum-progress__title">{current.title}</p>
          )}
          {!progress.data ? (
            <Skeleton active />
          ) : (
            <ol className="curriculum-progress__weeks">
              {progress.data.weeks.map((w) => {
                const possible = w.members * w.activities.length;
                const percent = possible ? Math.round((100 * w.done) / possible) : 0;
                return (
                  <li key={w.week} className="curriculum-progress__week">
                    <div className="curriculum-progress__label">
                      <strong>
                        Week {w.week}: {w.title}
                      </strong>
                      <span className="curriculum-hint">
                        {w.members === 1 ? '1 member' : `${w.members} members`} · {w.done} of {possible} {possible === 1 ? 'activity' : 'activities'} done
                      </span>
                    </div>
                    <Progress percent={percent} size="small" aria-label={`Week ${w.week}: ${percent}% of activities done`} />
                  </li>
                );
              })}
            </ol>
          )}
          <p className="curriculum-hint">Only members who share their progress are counted.</p>
        </>
      )}
    </Card>
  );
}
