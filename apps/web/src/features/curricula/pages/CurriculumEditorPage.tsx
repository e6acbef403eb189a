import type { CurriculumDetail } from '@abide/contracts';
import { Alert, App, Button, Card, Empty, Input, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useUnsavedChangesGuard } from '../../../shared/forms/unsaved-changes';
import { problemOf, httpStatusOf } from '../../../shared/api/problem-details';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { refusalText } from '../../../shared/forms/refusals';
import { ActivityModal, type ActivityEdit } from '../components/ActivityModal';
import { AssignmentsCard } from '../components/AssignmentsCard';
import { CurriculaNotAllowed } from '../components/CurriculaNotAllowed';
import { WeekPreviewModal } from '../components/WeekPreviewModal';
import { SortableList } from '../components/SortableList';
import { WeekDaysBoard } from '../components/WeekDaysBoard';
import {
  describeChanges,
  type Draft,
  draftOf,
  moved,
  newActivity,
  newWeek,
  placeOf,
  putActivity,
  toRequest,
  toWorkingContent,
  updateWeek,
  type WeekDraft,
} from '../curriculum-draft';
import {
  useCurriculaArchiveMutation,
  useCurriculaDetailQuery,
  useCurriculaDiscardWorkingCopyMutation,
  useCurriculaKeepWorkingCopyMutation,
  useCurriculaDuplicateMutation,
  useCurriculaPublishMutation,
  useCurriculaRestoreMutation,
  useCurriculaSaveDraftMutation,
} from '../curriculaApi';
import '../curricula.css';

const activityCount = (n: number) => (n === 1 ? '1 activity' : `${n} activities`);

const statusTag = (c: CurriculumDetail) =>
  c.status === 'archived' ? <Tag>Archived</Tag> : c.status === 'published' ? <Tag color="green">Published v{c.latestVersion}</Tag> : <Tag color="gold">Draft</Tag>;

function WeekEditor({ week, number, onChange, onEdit }: { week: WeekDraft; number: number; onChange: (w: WeekDraft) => void; onEdit: (e: ActivityEdit) => void }) {
  return (
    <Card title={<h2 className="card-heading">Week {number}</h2>} className="curriculum-week">
      <label className="curriculum-field">
        <span>Week title</span>
        <Input value={week.title} maxLength={120} onChange={(e) => onChange({ ...week, title: e.target.value })} />
      </label>
      <label className="curriculum-field">
        <span>Summary (shown as the week’s theme)</span>
        <Input.TextArea value={week.summary} rows={2} maxLength={600} onChange={(e) => onChange({ ...week, summary: e.target.value })} />
      </label>
      <p className="curriculum-hint">
        Drag an activity by its handle to another place or day, or focus the handle and use Space and the arrow keys (left and right change
        the day); “Move” sends it to another day.
      </p>
      <WeekDaysBoard
        days={week.days}
        weekNumber={number}
        onChange={(days) => onChange({ ...week, days })}
        onEdit={(activity, day) => onEdit({ activity, day, isNew: false })}
        onAdd={(day) => onEdit({ activity: newActivity(), day, isNew: true })}
      />
    </Card>
  );
}

/** How long typing pauses before the edits are kept on the server. */
const KEEP_AFTER_MS = 1_200;

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * Edits are kept on the server as the author types (their working copy, only they see it), so a closed tab, a crash
 * or a slip of the navigation loses nothing; reopening brings them back with "Draft saved at …" and a way to discard
 * them. Save draft makes them the church's draft for every admin, as before.
 */
function Editor({ curriculum }: { curriculum: CurriculumDetail }) {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const kept = curriculum.workingCopy;
  const [draft, setDraft] = useState<Draft>(() => draftOf(kept?.content ?? curriculum.draft));
  // Kept edits that started before someone's later save are saved against the revision they started from, so that
  // save is refused (409) instead of silently replacing the newer draft.
  const [revision, setRevision] = useState(kept?.baseRevision ?? curriculum.revision);
  const [dirty, setDirtyState] = useState(kept !== null);
  // Read at the moment of leaving (a save may finish just before a navigation), hence a ref beside the state.
  const dirtyNow = useRef(dirty);
  const setDirty = (value: boolean) => {
    dirtyNow.current = value;
    setDirtyState(value);
  };
  const [copy, setCopy] = useState<{ revision: number; savedAt: string | null }>({ revision: kept?.revision ?? 0, savedAt: kept?.savedAt ?? null });
  const [keepState, setKeepState] = useState<'kept' | 'pending' | 'failed' | 'elsewhere'>('kept');
  const [restored, setRestored] = useState(kept !== null);
  // When the edits brought back were kept (later keeps move `copy.savedAt` on).
  const [restoredFrom] = useState(kept?.savedAt ?? null);
  // Each Save draft or discard starts a new generation: an earlier keep that answers late is ignored.
  const generation = useRef(0);
  const [weekId, setWeekId] = useState<string | null>(draft.weeks[0]?.id ?? null);
  const [editing, setEditing] = useState<ActivityEdit | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [save, saving] = useCurriculaSaveDraftMutation();
  const [keepCopy] = useCurriculaKeepWorkingCopyMutation();
  const [discardCopy, discarding] = useCurriculaDiscardWorkingCopyMutation();
  const [publish, publishing] = useCurriculaPublishMutation();
  const [duplicate, duplicating] = useCurriculaDuplicateMutation();
  const [archive] = useCurriculaArchiveMutation();
  const [restore] = useCurriculaRestoreMutation();
  const archived = curriculum.status === 'archived';
  const staleBase = kept !== null && kept.baseRevision !== curriculum.revision && revision === kept.baseRevision;

  // Another tab's save (or a reload after a conflict) brings the server's draft in when nothing here is unsaved.
  // (Adjusted while rendering, as React advises for state that follows a prop.)
  if (!dirty && curriculum.revision !== revision) {
    setDraft(draftOf(curriculum.draft));
    setRevision(curriculum.revision);
  }

  const change = (next: Draft) => {
    setDraft(next);
    setDirty(true);
    setKeepState((s) => (s === 'elsewhere' ? s : 'pending'));
  };
  const week = draft.weeks.find((w) => w.id === weekId) ?? null;
  const weekNumber = week ? draft.weeks.indexOf(week) + 1 : 0;

  // Keeps the edits a moment after typing pauses; one request at a time (each names the copy revision the last one
  // answered), the newest edits going next.
  const [sending, setSending] = useState(false);
  // Save draft and Discard wait for a keep on its way, so it cannot land after them and bring old edits back.
  const keeping = useRef<Promise<unknown> | null>(null);
  const keepNow = () => {
    const started = generation.current;
    setSending(true);
    // Marked kept now: an edit while the request runs marks it pending again, and is kept after it.
    setKeepState('kept');
    keeping.current = keepCopy({
      id: curriculum.id,
      saveCurriculumWorkingCopyDto: { copyRevision: copy.revision, baseRevision: revision, content: toWorkingContent(draft) },
    })
      .then((result) => {
        if (generation.current !== started) return;
        if (result.data) setCopy({ revision: result.data.revision, savedAt: result.data.savedAt });
        else setKeepState(httpStatusOf(result.error) === 409 ? 'elsewhere' : 'failed');
      })
      .finally(() => setSending(false));
  };
  const keptSoFar = async () => {
    await keeping.current?.catch(() => undefined);
  };
  const keepable = dirty && !archived && keepState === 'pending' && !sending;
  // Leaving (Leave in the prompt, or the editor closing for another curriculum) keeps what the pause had not yet kept.
  const keepOnLeaving = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    keepOnLeaving.current = keepable ? keepNow : null;
  });
  useEffect(() => () => keepOnLeaving.current?.(), []);
  useEffect(() => {
    if (!keepable) return;
    const timer = setTimeout(() => keepOnLeaving.current?.(), KEEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [keepable, draft]);

  const savedDraft = useMemo(() => draftOf(curriculum.draft), [curriculum.draft]);
  useUnsavedChangesGuard(
    dirty,
    () => {
      const changes = describeChanges(savedDraft, draft);
      const what = changes.length ? changes.join(', ') : 'your edits';
      const safe = keepState === 'pending' || (keepState === 'kept' && copy.savedAt !== null);
      return {
        title: 'Leave with unsaved changes?',
        content: safe ? (
          <p>
            Not saved for the church yet: {what}. They stay in your draft{copy.savedAt && keepState === 'kept' ? ` (saved at ${timeOf(copy.savedAt)})` : ''}{' '}
            and come back when you reopen this curriculum; the other admins see them only after Save draft.
          </p>
        ) : (
          <p>Leaving now loses {what}: they are not saved yet. Stay, then press Save draft.</p>
        ),
      };
    },
    () => dirtyNow.current,
  );

  const forgetKept = () => {
    generation.current += 1;
    setCopy({ revision: 0, savedAt: null });
    setKeepState('kept');
    setRestored(false);
  };

  /** Saves when there is anything unsaved; false when the server refused (its reasons are shown). */
  const saveNow = async (): Promise<boolean> => {
    if (!dirty) return true;
    await keptSoFar();
    const result = await save({ id: curriculum.id, saveCurriculumDraftDto: toRequest(draft, revision) });
    if (result.error) {
      const problem = problemOf(result.error);
      const fields = problem?.errors ?? [];
      setProblems(fields.length ? fields.map((f) => [placeOf(f.field, draft), f.message].filter(Boolean).join(': ')) : [refusalText(result.error)]);
      return false;
    }
    setProblems([]);
    setRevision(result.data.revision);
    setDirty(false);
    // The server dropped the kept edits with the save.
    forgetKept();
    return true;
  };

  const onDiscard = async () => {
    await keptSoFar();
    const result = await discardCopy(curriculum.id);
    if (result.error) {
      notification.error({ title: 'Not discarded', description: refusalText(result.error) });
      return;
    }
    forgetKept();
    setDirty(false);
    setProblems([]);
    const saved = draftOf(result.data.draft);
    setDraft(saved);
    setRevision(result.data.revision);
    setWeekId(saved.weeks[0]?.id ?? null);
  };

  const onPublish = async () => {
    if (!(await saveNow())) return;
    const result = await publish(curriculum.id);
    if (result.error) notification.error({ title: 'Not published', description: refusalText(result.error) });
    else notification.success({ title: `Version ${result.data.latestVersion} published`, description: 'Assign it to your church or some of its groups below.' });
  };

  const onDuplicate = async () => {
    if (!(await saveNow())) return;
    const result = await duplicate(curriculum.id);
    if (result.error) notification.error({ title: 'Not duplicated', description: refusalText(result.error) });
    else {
      notification.success({ title: `“${result.data.title}” created` });
      navigate(`/curricula/${result.data.id}`);
    }
  };

  const keptNote =
    keepState === 'elsewhere'
      ? ' · newer edits were kept from another window'
      : keepState === 'failed'
        ? ' · your draft could not be kept: save it before leaving'
        : copy.savedAt && keepState === 'kept'
          ? ` · Draft saved at ${timeOf(copy.savedAt)}`
          : '';

  return (
    <main className="page curriculum-editor">
      <title>{`${draft.title || 'Curriculum'} · Abide`}</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            {draft.title || 'Untitled curriculum'} {statusTag(curriculum)}
          </Typography.Title>
          <p className="page-header__lead">
            {curriculum.churchName} · {draft.weeks.length === 1 ? '1 week' : `${draft.weeks.length} weeks`}
            {dirty ? ` · unsaved changes${keptNote}` : curriculum.hasUnpublishedChanges && curriculum.latestVersion ? ' · draft differs from the published version' : ''}
          </p>
        </div>
        <Space wrap>
          <ButtonLink to={`/churches/${curriculum.churchId}/curricula`}>All curricula</ButtonLink>
          {archived ? (
            <Button onClick={() => void restore(curriculum.id)}>Restore</Button>
          ) : (
            <>
              <Button onClick={() => void saveNow()} loading={saving.isLoading} disabled={!dirty}>
                Save draft
              </Button>
              <Button onClick={() => void saveNow().then((ok) => ok && setPreview(Math.max(1, weekNumber)))} disabled={draft.weeks.length === 0}>
                Preview
              </Button>
              <Button type="primary" onClick={() => void onPublish()} loading={publishing.isLoading}>
                Publish
              </Button>
            </>
          )}
          <Button onClick={() => void onDuplicate()} loading={duplicating.isLoading}>
            Duplicate
          </Button>
          {archived ? null : (
            <Popconfirm title="Archive this curriculum?" description="It can be restored later." okText="Archive" onConfirm={async () => {
              const result = await archive(curriculum.id);
              if (result.error) notification.error({ title: 'Not archived', description: refusalText(result.error) });
            }}>
              <Button>Archive</Button>
            </Popconfirm>
          )}
        </Space>
      </header>

      {problems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          className="curriculum-problems"
          title="The draft was not saved"
          description={
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {restored && dirty ? (
        <Alert
          type={staleBase ? 'warning' : 'info'}
          showIcon
          className="curriculum-restored"
          title={`Your draft from ${restoredFrom ? new Date(restoredFrom).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'earlier'} is back`}
          description={
            <>
              <p>
                {staleBase
                  ? 'Someone saved this curriculum after you made these edits, so saving them is refused: discard them to see the saved draft.'
                  : 'These edits are not saved for the church yet: Save draft keeps them for every admin, or discard them to go back to the saved draft.'}
              </p>
              {/* Below the words, not beside them: a phone keeps the message readable. */}
              <Popconfirm title="Discard your unsaved edits?" description="The saved draft stays as it is." okText="Discard" okButtonProps={{ danger: true }} onConfirm={() => void onDiscard()}>
                <Button size="small" danger loading={discarding.isLoading}>
                  Discard my draft
                </Button>
              </Popconfirm>
            </>
          }
        />
      ) : null}
      {keepState === 'elsewhere' ? (
        <Alert
          type="warning"
          showIcon
          title="Newer edits of yours were kept from another window"
          description="These edits are no longer kept as you type: Save draft here, or reload to continue from the other window’s."
        />
      ) : null}
      {archived ? <Alert type="info" showIcon title="This curriculum is archived: restore it to change or assign it." /> : null}

      <div className="curriculum-editor__grid">
        <div className="curriculum-editor__side">
          <Card title={<h2 className="card-heading">About</h2>}>
            <label className="curriculum-field">
              <span>Title</span>
              <Input value={draft.title} maxLength={120} disabled={archived} onChange={(e) => change({ ...draft, title: e.target.value })} />
            </label>
            <label className="curriculum-field">
              <span>Description</span>
              <Input.TextArea value={draft.description} rows={3} maxLength={1000} disabled={archived} onChange={(e) => change({ ...draft, description: e.target.value })} />
            </label>
          </Card>
          <Card title={<h2 className="card-heading">Weeks</h2>}>
            <p className="curriculum-hint">Drag a week by its handle, or focus the handle and use Space and the arrow keys.</p>
            {draft.weeks.length === 0 ? <Empty description="No weeks yet" /> : null}
            <SortableList
              items={draft.weeks}
              onMove={(from, to) => change({ ...draft, weeks: moved(draft.weeks, from, to) })}
              handleLabel={(w, i) => `Move week ${i + 1}, ${w.title}`}
              nameOf={(w) => `Week “${w.title}”`}
              renderItem={(w, i) => (
                <div className="curriculum-week-row">
                  <button
                    type="button"
                    className={`curriculum-week-row__open${w.id === weekId ? ' curriculum-week-row__open--current' : ''}`}
                    aria-current={w.id === weekId ? 'true' : undefined}
                    onClick={() => setWeekId(w.id)}
                  >
                    <span className="curriculum-week-row__number">Week {i + 1}</span> {w.title}
                    <span className="curriculum-hint"> · {activityCount(w.days.flat().length)}</span>
                  </button>
                  <Popconfirm title={`Remove week ${i + 1}?`} okText="Remove" onConfirm={() => change({ ...draft, weeks: draft.weeks.filter((x) => x.id !== w.id) })}>
                    <Button type="text" size="small" danger aria-label={`Remove week ${i + 1}`} disabled={archived}>
                      Remove
                    </Button>
                  </Popconfirm>
                </div>
              )}
            />
            <Button
              type="dashed"
              block
              disabled={archived || draft.weeks.length >= 52}
              onClick={() => {
                const added = newWeek(draft.weeks.length + 1);
                change({ ...draft, weeks: [...draft.weeks, added] });
                setWeekId(added.id);
              }}
            >
              Add week
            </Button>
          </Card>
          <AssignmentsCard curriculum={curriculum} />
        </div>
        <div className="curriculum-editor__main">
          {week ? (
            <WeekEditor week={week} number={weekNumber} onChange={(w) => change(updateWeek(draft, w.id, () => w))} onEdit={setEditing} />
          ) : (
            <Card>
              <Empty description="Add a week to start" />
            </Card>
          )}
        </div>
      </div>

      <ActivityModal
        edit={editing}
        onCancel={() => setEditing(null)}
        onSave={(activity, day) => {
          if (week) change(updateWeek(draft, week.id, (w) => putActivity(w, activity, day)));
          setEditing(null);
        }}
      />
      <WeekPreviewModal curriculumId={curriculum.id} weeks={draft.weeks.length} week={preview} onWeek={setPreview} onClose={() => setPreview(null)} />
    </main>
  );
}

/** `/curricula/{id}`: a church admin's editor of one curriculum, with preview, publishing and assignments. */
export function CurriculumEditorPage() {
  const { curriculumId = '' } = useParams();
  const { data, error, isLoading } = useCurriculaDetailQuery(curriculumId);
  const status = useMemo(() => httpStatusOf(error), [error]);
  if (isLoading) return <main className="page"><Skeleton active /></main>;
  if (status === 403) {
    return <CurriculaNotAllowed className="curriculum-editor" />;
  }
  if (!data) return <main className="page"><Result status="404" title="This curriculum was not found" /></main>;
  return <Editor key={data.id} curriculum={data} />;
}
