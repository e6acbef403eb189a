import { sentPercent, uploadFailureToast } from './upload-request';

describe(sentPercent.name, () => {
  it('returns the share of bytes sent, held below 100 until the server answers', () => {
    expect(sentPercent(0, 1000)).toBe(0);
    expect(sentPercent(250, 1000)).toBe(25);
    expect(sentPercent(1000, 1000)).toBe(99);
    expect(sentPercent(5, 0)).toBe(0);
  });
});

describe(uploadFailureToast.name, () => {
  it("returns 'Upload failed' / 'Please try again.' for network and server failures", () => {
    const generic = { message: 'Upload failed', description: 'Please try again.' };
    expect(uploadFailureToast({ ok: false, status: 0, problem: null })).toEqual(generic);
    expect(uploadFailureToast({ ok: false, status: 503, problem: { detail: 'Object store down' } })).toEqual(generic);
    expect(uploadFailureToast({ ok: false, status: 400, problem: null })).toEqual(generic);
  });

  it("returns the server's reason for a refusal the member can act on", () => {
    expect(uploadFailureToast({ ok: false, status: 415, problem: { detail: 'File type must be one of .pdf, .docx, .txt' } })).toEqual({
      message: 'Upload failed',
      description: 'File type must be one of .pdf, .docx, .txt',
    });
    expect(
      uploadFailureToast({
        ok: false,
        status: 400,
        problem: { detail: 'Invalid', errors: [{ field: 'title', message: 'Resource title is required.' }] },
      }),
    ).toEqual({ message: 'Upload failed', description: 'Resource title is required.' });
  });
});
