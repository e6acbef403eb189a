import type { JournalEntry } from '@abide/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@abide/contracts/src/http/idempotency';
import type { JournalEntryRequestDto, JournalListApiArg } from '../../shared/api/generated/abideApi';
import { keyOf, type QueuedWrite, type StoredRequest } from '../../shared/offline/write-queue';
import { pathSegment, registerPendingOverlay, registerQueueableWrite } from '../../shared/offline/write-queue-registry';

/**
 * The journal offline: a new entry or draft and an edit wait in the queue when there is no connection, and the
 * lists show them at once, marked "Not synced yet". An edit carries the `updatedAt` it was made from (`basedOn`);
 * if the entry was saved on another device meanwhile the server refuses it (409 ENTRY_CHANGED) and the rule is
 * "keep both": the offline text is saved as a new draft and the member is told (docs/api.md, "Writes made offline").
 */
export const PENDING_ENTRY_PREFIX = 'pending-';
const tags = ['JournalEntries', 'JournalStats', 'Stats'];

type EntryBody = JournalEntryRequestDto & { basedOn?: string };

const previewOf = (content = '') => {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.length > 100 ? `${text.slice(0, 100).trimEnd()}…` : text;
};
const quoted = (content?: string) => {
  const preview = previewOf(content);
  return preview ? `“${preview.length > 40 ? `${preview.slice(0, 40).trimEnd()}…` : preview}”` : 'with no words yet';
};

registerQueueableWrite('journalCreate', {
  describe: (request) => {
    const body = request.body as EntryBody;
    return {
      label: `${body.draft ? 'Your draft' : 'Your journal entry'} ${quoted(body.content)}`,
      subject: `journal:${PENDING_ENTRY_PREFIX}${keyOf(request) ?? ''}`,
      tags,
    };
  },
});

registerQueueableWrite('journalUpdate', {
  describe: (request) => {
    const { basedOn: _basedOn, ...fields } = request.body as EntryBody;
    const keptAsDraft: StoredRequest = {
      url: '/journal/entries',
      method: 'POST',
      body: { ...fields, draft: true },
      // Its own key, made from the edit's: a copy sent twice is still one draft.
      headers: { [IDEMPOTENCY_KEY_HEADER]: `${keyOf(request) ?? ''}-kept` },
    };
    return {
      label: `Your edit of ${quoted(fields.content)}`,
      subject: `journal:${pathSegment(request.url, 2)}`,
      tags,
      onConflict: {
        code: 'ENTRY_CHANGED',
        request: keptAsDraft,
        notice: `Your offline edit of ${quoted(fields.content)} was not saved over the entry: it had been changed on another device meanwhile. Your version is kept as a new draft (see Drafts).`,
      },
    };
  },
});

const pendingEntry = (write: QueuedWrite): JournalEntry => {
  const body = write.request.body as EntryBody;
  const content = body.content ?? '';
  return {
    id: write.subject.slice('journal:'.length),
    content,
    scriptureReference: body.scriptureReference || null,
    mood: body.mood ?? null,
    gratitude: body.gratitude || null,
    isPrivate: body.isPrivate ?? true,
    draft: body.draft === true,
    wordCount: content.split(/\s+/).filter(Boolean).length,
    preview: previewOf(content),
    createdAt: write.createdAt,
    updatedAt: write.createdAt,
  };
};

/** A list page with the waiting writes: new entries first (on the first page of an unfiltered list), edits in place. */
registerPendingOverlay('journalList', (data, pending, arg) => {
  const page = data as { items: JournalEntry[]; total: number };
  const query = (arg ?? {}) as JournalListApiArg;
  const drafts = query.drafts === '1' || query.drafts === 'true';
  for (const write of pending) {
    if (write.endpoint === 'journalCreate') {
      const entry = pendingEntry(write);
      const listed = entry.draft === drafts && (query.page ?? 1) === 1 && !query.q;
      if (listed && !page.items.some((item) => item.id === entry.id)) {
        page.items.unshift(entry);
        page.total += 1;
      }
    }
    if (write.endpoint === 'journalUpdate') {
      const item = page.items.find((candidate) => write.subject === `journal:${candidate.id}`);
      if (item) Object.assign(item, { ...pendingEntry(write), createdAt: item.createdAt, updatedAt: item.updatedAt });
    }
  }
});
