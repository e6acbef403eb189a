import { MAX_UPLOAD_BYTES, submissionFieldsSchema, TAGS_MAX, uploadMessages } from '@abide/contracts';
import {
  addTags,
  canSubmitUpload,
  draftChanges,
  dropZoneProblem,
  emptyUploadForm,
  firstUploadProblem,
  prefilledTitle,
  remainingSuggestions,
  removeTag,
  uploadFormData,
  type UploadFormValues,
} from './upload-form';

const ready: UploadFormValues = { ...emptyUploadForm, title: 'Psalms of ascent', category: 'study', termsAccepted: true };

describe(dropZoneProblem.name, () => {
  it('returns null for one PDF, DOCX or TXT within 10 MB', () => {
    expect(dropZoneProblem([{ name: 'notes.PDF', size: 10 }])).toBeNull();
    expect(dropZoneProblem([{ name: 'study.docx', size: MAX_UPLOAD_BYTES }])).toBeNull();
    expect(dropZoneProblem([{ name: 'a.txt', size: 1 }])).toBeNull();
  });

  it("returns 'Too many files' for more than one file", () => {
    expect(
      dropZoneProblem([
        { name: 'a.pdf', size: 1 },
        { name: 'b.pdf', size: 1 },
      ]),
    ).toBe(uploadMessages.tooMany);
  });

  it("returns its type message for any other extension", () => {
    expect(dropZoneProblem([{ name: 'song.mp3', size: 1 }])).toBe('File type must be one of .pdf, .docx, .txt');
    expect(dropZoneProblem([{ name: 'README', size: 1 }])).toBe(uploadMessages.badType);
  });

  it('returns the size message one byte over the limit', () => {
    expect(dropZoneProblem([{ name: 'big.pdf', size: MAX_UPLOAD_BYTES + 1 }])).toBe(`File is larger than ${MAX_UPLOAD_BYTES} bytes`);
  });
});

describe(firstUploadProblem.name, () => {
  it('returns the checks in the form order: file, title, category, terms', () => {
    const nothing = { ...emptyUploadForm };
    expect(firstUploadProblem(false, nothing)).toBe(uploadMessages.noFile);
    expect(firstUploadProblem(true, { ...nothing, title: '   ' })).toBe(uploadMessages.noTitle);
    expect(firstUploadProblem(true, { ...nothing, title: 'Grace' })).toBe(uploadMessages.noCategory);
    expect(firstUploadProblem(true, { ...nothing, title: 'Grace', category: 'study' })).toBe(uploadMessages.noTerms);
    expect(firstUploadProblem(true, ready)).toBeNull();
  });

  it('returns the form texts for each check', () => {
    expect(firstUploadProblem(false, ready)).toEqual({ title: 'Please select a file', description: 'You must choose a file to upload.' });
    expect(firstUploadProblem(true, { ...ready, termsAccepted: false })).toEqual({
      title: 'Please accept the terms',
      description: 'You must confirm that the content is appropriate for spiritual formation.',
    });
  });

  it('returns null for a draft without the terms', () => {
    expect(firstUploadProblem(true, { ...ready, termsAccepted: false }, { draft: true })).toBeNull();
    expect(firstUploadProblem(false, ready, { draft: true })).toBe(uploadMessages.noFile);
  });

  it('returns the group message when group visibility names no group', () => {
    expect(firstUploadProblem(true, { ...ready, visibility: 'group', groupId: null })?.description).toBe(uploadMessages.groupRequired);
    expect(firstUploadProblem(true, { ...ready, visibility: 'group', groupId: 'g1' })).toBeNull();
  });
});

describe(canSubmitUpload.name, () => {
  it('returns true only with a file, a title, a category and the terms', () => {
    expect(canSubmitUpload(true, ready)).toBe(true);
    expect(canSubmitUpload(false, ready)).toBe(false);
    expect(canSubmitUpload(true, { ...ready, title: '' })).toBe(false);
    expect(canSubmitUpload(true, { ...ready, category: null })).toBe(false);
    expect(canSubmitUpload(true, { ...ready, termsAccepted: false })).toBe(false);
  });
});

describe(prefilledTitle.name, () => {
  it('returns the file name without its extension when the title is empty', () => {
    expect(prefilledTitle('', 'Lent devotional.v2.pdf')).toBe('Lent devotional.v2');
    expect(prefilledTitle('  ', 'notes.txt')).toBe('notes');
  });

  it('returns the typed title when there is one', () => {
    expect(prefilledTitle('My title', 'notes.txt')).toBe('My title');
  });
});

describe(addTags.name, () => {
  it('returns the tags lowercased, de-duplicated, without empty ones', () => {
    expect(addTags(['prayer'], ' Prayer ')).toEqual(['prayer']);
    expect(addTags(['prayer'], 'Hope, ,FAITH')).toEqual(['prayer', 'hope', 'faith']);
  });

  it(`returns at most ${TAGS_MAX} tags`, () => {
    const many = Array.from({ length: TAGS_MAX }, (_, i) => `t${i}`);
    expect(addTags(many, 'one-more')).toHaveLength(TAGS_MAX);
  });

  it('returns the list without a clicked chip, and suggestions not chosen yet', () => {
    expect(removeTag(['prayer', 'hope'], 'prayer')).toEqual(['hope']);
    expect(remainingSuggestions(['hope'], ['faith', 'hope', 'love'])).toEqual(['faith', 'love']);
  });
});

describe(uploadFormData.name, () => {
  it('returns the multipart fields the service reads, tags repeated and the file last', () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    const sut = uploadFormData(file, { ...ready, title: ' Hello ', tags: ['Hope', 'hope', 'love'] }, { draft: false });
    expect(sut.get('title')).toBe('Hello');
    expect(sut.getAll('tags')).toEqual(['hope', 'love']);
    expect(sut.get('termsAccepted')).toBe('true');
    expect(sut.get('draft')).toBe('false');
    expect(sut.get('visibility')).toBe('public');
    expect(sut.has('groupId')).toBe(false);
    expect([...sut.keys()].at(-1)).toBe('file');
    expect((sut.get('file') as File).name).toBe('hello.txt');
  });
});

describe(draftChanges.name, () => {
  it('returns changes the service schema accepts, without a group unless shared with one', () => {
    const sut = draftChanges({ ...ready, tags: ['Hope'], groupId: 'g1' });
    expect(sut.groupId).toBeNull();
    expect(submissionFieldsSchema.partial().safeParse(sut).success).toBe(true);
  });
});
