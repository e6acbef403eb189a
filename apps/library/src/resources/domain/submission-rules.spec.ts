import { uploadMessages } from '@abide/contracts';
import { checkSubmission, parseTags } from './submission-rules';

const base = { title: 'Psalms', category: 'study', termsAccepted: true };

describe(checkSubmission.name, () => {
  it('returns the title from the file name without its extension when the title is empty', () => {
    const sut = checkSubmission({ ...base, title: '  ' }, { fileName: 'Morning Prayer.v2.pdf', requireTerms: true });
    expect(sut).toMatchObject({ ok: true, fields: { title: 'Morning Prayer.v2', visibility: 'public', targetAudience: 'all-levels', groupId: null } });
  });

  it('returns the category failure before the terms failure (the form order)', () => {
    const sut = checkSubmission({ title: 'x', category: '', termsAccepted: false }, { fileName: 'a.txt', requireTerms: true });
    expect(sut).toEqual({ ok: false, failure: { field: 'category', title: uploadMessages.noCategory.title, message: uploadMessages.noCategory.description } });
  });

  it('returns the terms failure only when terms are required (not for a draft)', () => {
    expect(checkSubmission({ ...base, termsAccepted: false }, { fileName: 'a.txt', requireTerms: true })).toMatchObject({ ok: false, failure: { field: 'termsAccepted' } });
    expect(checkSubmission({ ...base, termsAccepted: false }, { fileName: 'a.txt', requireTerms: false })).toMatchObject({ ok: true });
  });

  it('returns lowercased, de-duplicated tags without empty ones', () => {
    const sut = checkSubmission({ ...base, tags: parseTags(['Prayer, prayer,,', '["Hope"," "]']) }, { fileName: 'a.txt', requireTerms: true });
    expect(sut).toMatchObject({ ok: true, fields: { tags: ['prayer', 'hope'] } });
  });

  it('returns the group message when group visibility names no group', () => {
    const sut = checkSubmission({ ...base, visibility: 'group' }, { fileName: 'a.txt', requireTerms: true });
    expect(sut).toMatchObject({ ok: false, failure: { field: 'groupId', message: uploadMessages.groupRequired } });
  });
});
