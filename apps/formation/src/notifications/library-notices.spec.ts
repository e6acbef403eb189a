import type { EventOf } from '@abide/contracts';
import { libraryNotice, libraryNoticeMail } from './library-notices';

const event = (
  type: 'library.resource.approved' | 'library.resource.rejected' | 'library.resource.processing-failed',
  data: Record<string, unknown>,
) =>
  ({
    id: 'evt-1',
    type,
    schemaVersion: 1,
    streamId: 'resource-r1',
    version: 3,
    occurredAt: '',
    subjectId: 'u1',
    correlationId: 'c',
    causationId: null,
    data,
  }) as EventOf<'library.resource.rejected'>;

describe(libraryNotice.name, () => {
  it('returns the rejection with its reason, keyed by the event, linking to My uploads', () => {
    const sut = libraryNotice(
      event('library.resource.rejected', {
        resourceId: 'r1',
        ownerId: 'u1',
        moderatorId: 'm',
        decidedAt: '',
        reason: 'Cite sources',
        title: 'Psalms <1>',
      }),
    );
    expect(sut).toEqual({
      userId: 'u1',
      key: 'library:evt-1',
      title: 'Your resource was not approved',
      body: '"Psalms <1>" was not approved. Reason: Cite sources',
      link: '/my-uploads',
    });
  });

  it('returns the processing failure with the reason as its body', () => {
    expect(
      libraryNotice(event('library.resource.processing-failed', { resourceId: 'r1', ownerId: 'u1', reason: 'Damaged' })),
    ).toMatchObject({
      title: 'Your upload could not be processed',
      body: 'Damaged',
    });
  });
});

describe(libraryNoticeMail.name, () => {
  it('returns an e-mail with a link into the app and the text escaped in HTML', () => {
    const notice = libraryNotice(
      event('library.resource.approved', { resourceId: 'r1', ownerId: 'u1', moderatorId: 'm', decidedAt: '', title: 'A & B' }),
    );
    const sut = libraryNoticeMail(notice, 'http://127.0.0.1:5173/', 'Ruth');
    expect(sut.subject).toBe('Your resource was approved');
    expect(sut.text).toContain('Open Abide: http://127.0.0.1:5173/library');
    expect(sut.html).toContain('&quot;A &amp; B&quot; is now available in the library.');
  });
});
