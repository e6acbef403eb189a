import type { EventOf } from '@abide/contracts';
import type { MailContent } from '../delivery/delivery.port';

/** What the uploader is told about a library decision: the bell entry and the e-mail say the same. */
export interface LibraryNotice {
  userId: string;
  key: string;
  title: string;
  body: string;
  link: string;
}

const MY_UPLOADS = '/my-uploads';

type Decision = EventOf<'library.resource.approved'> | EventOf<'library.resource.rejected'> | EventOf<'library.resource.processing-failed'>;

/** Pure: one notice per decision event (its id is the key, so a redelivery never adds a second). */
export const libraryNotice = (event: Decision): LibraryNotice => {
  const key = `library:${event.id}`;
  const userId = event.data.ownerId;
  switch (event.type) {
    case 'library.resource.approved': {
      const d = event.data;
      return { userId, key, title: 'Your resource was approved', body: `"${d.title}" is now available in the library.`, link: '/library' };
    }
    case 'library.resource.rejected': {
      const d = event.data;
      return {
        userId,
        key,
        title: 'Your resource was not approved',
        body: `"${d.title}" was not approved. Reason: ${d.reason}`,
        link: MY_UPLOADS,
      };
    }
    default: {
      const d = event.data;
      return { userId, key, title: 'Your upload could not be processed', body: d.reason, link: MY_UPLOADS };
    }
  }
};

const htmlText = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The e-mail of a notice (transactional: it answers the member's own upload, so it is sent whatever the reminder settings). */
export const libraryNoticeMail = (notice: LibraryNotice, webBaseUrl: string, name?: string | null): MailContent => {
  const greeting = `Hello ${name?.trim() || 'friend'},`;
  const open = `${webBaseUrl.replace(/\/$/, '')}${notice.link}`;
  return {
    subject: notice.title,
    text: [greeting, notice.body, `Open Abide: ${open}`].join('\n\n'),
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">` +
      `<p>${htmlText(greeting)}</p><p>${htmlText(notice.body)}</p><p><a href="${htmlText(open)}">Open Abide</a></p></body></html>`,
  };
};
