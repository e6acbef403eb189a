import { Empty, Modal, Pagination, Skeleton, Tag } from 'antd';
import { useCurriculaWeekQuery } from '../curriculaApi';

interface WeekPreviewModalProps {
  curriculumId: string;
  weeks: number;
  /** The week shown (null: closed). */
  week: number | null;
  onWeek: (week: number) => void;
  onClose: () => void;
}

/** The saved draft's week as members will see it in their plan (days left free keep their own plan). */
export function WeekPreviewModal({ curriculumId, weeks, week, onWeek, onClose }: WeekPreviewModalProps) {
  const { data, isFetching } = useCurriculaWeekQuery({ id: curriculumId, week: week ?? 1, version: 'draft' }, { skip: week === null });
  return (
    <Modal open={week !== null} title="Preview: a member’s week" footer={null} onCancel={onClose} width={720}>
      {weeks > 1 ? <Pagination simple current={week ?? 1} total={weeks} pageSize={1} onChange={onWeek} className="curriculum-preview__pager" /> : null}
      {!data || isFetching ? (
        <Skeleton active />
      ) : (
        <div className="curriculum-preview" data-testid="curriculum-preview">
          <p className="curriculum-hint">
            Week {data.week} of {data.weeks} · {data.title}
          </p>
          <h3 className="curriculum-preview__theme">{data.weekTitle}</h3>
          {data.summary ? <p>{data.summary}</p> : null}
          {data.scriptures.length > 0 ? (
            <p>
              {data.scriptures.map((s) => (
                <Tag key={s}>{s}</Tag>
              ))}
            </p>
          ) : null}
          <ol className="curriculum-preview__days">
            {data.days.map((d) => (
              <li key={d.day}>
                <h4>{d.day}</h4>
                {d.activities.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="The member’s own plan" />
                ) : (
                  <ul>
                    {d.activities.map((a) => (
                      <li key={a.id}>
                        <strong>{a.name}</strong> <span className="curriculum-hint">{a.durationMinutes} min</span>
                        <div>{a.description}</div>
                        {a.scripture ? <div className="curriculum-hint">Read {a.scripture}</div> : null}
                        {a.reflectionPrompt ? <div className="curriculum-preview__prompt">Reflect: {a.reflectionPrompt}</div> : null}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}
