import { DeleteOutlined, EditOutlined, EyeOutlined, LockOutlined, StarOutlined } from '@ant-design/icons';
import type { JournalEntry } from '@abide/contracts';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { ScriptureReveal } from '../../scripture';
import { useIsPending } from '../../../shared/offline/write-queue-hooks';
import { moodLabel } from '../journal-form';
import { PENDING_ENTRY_PREFIX } from '../journal-offline';

const when = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

export interface EntryActions {
  onView(entry: JournalEntry): void;
  onEdit(entry: JournalEntry): void;
  onDelete(entry: JournalEntry): Promise<void>;
  onInsight(entry: JournalEntry): void;
}

/** One reflection in a list: date, mood, preview (cut at 100 characters by the API) and its actions. */
export function EntryItem({ entry, actions }: { entry: JournalEntry; actions: EntryActions }) {
  const mood = moodLabel(entry.mood);
  const date = when.format(new Date(entry.createdAt));
  // Written offline and not sent yet: it has no id on the server, so only reading it makes sense until then.
  const unsent = entry.id.startsWith(PENDING_ENTRY_PREFIX);
  const pending = useIsPending(`journal:${entry.id}`);
  return (
    <li className="entry">
      <article aria-label={`Reflection from ${date}`}>
        <header className="entry__head">
          <time dateTime={entry.createdAt} className="entry__date">
            {date}
          </time>
          <span className="entry__tags">
            {entry.draft ? <Tag color="gold">Draft</Tag> : null}
            {pending ? (
              <Tag color="orange" className="entry__pending">
                Not synced yet
              </Tag>
            ) : null}
            {mood ? <Tag variant="filled">{mood}</Tag> : null}
            {entry.isPrivate ? (
              <Tooltip title="Private">
                <LockOutlined aria-label="Private" className="entry__lock" />
              </Tooltip>
            ) : null}
          </span>
        </header>
        <p className="entry__preview">{entry.preview || <span className="muted">(empty draft)</span>}</p>
        {entry.scriptureReference ? <ScriptureReveal reference={entry.scriptureReference} className="entry__scripture" /> : null}
        <div className="entry__actions">
          <Button size="small" type="text" icon={<EyeOutlined aria-hidden />} onClick={() => actions.onView(entry)}>
            View
          </Button>
          {unsent ? null : (
            <Button size="small" type="text" icon={<EditOutlined aria-hidden />} onClick={() => actions.onEdit(entry)}>
              Edit
            </Button>
          )}
          {!entry.draft && !unsent ? (
            <Button size="small" type="text" icon={<StarOutlined aria-hidden />} onClick={() => actions.onInsight(entry)}>
              Get AI insight
            </Button>
          ) : null}
          {unsent ? null : (
            <Popconfirm
              title="Delete this reflection?"
              description="This can't be undone."
              okText="Delete"
              okButtonProps={{ danger: true }}
              cancelText="Keep"
              onConfirm={() => actions.onDelete(entry)}
            >
              <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />}>
                Delete
              </Button>
            </Popconfirm>
          )}
        </div>
      </article>
    </li>
  );
}
