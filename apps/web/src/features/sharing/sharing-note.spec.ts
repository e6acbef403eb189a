import { sharingNoteText } from './sharing-note';

describe(sharingNoteText.name, () => {
  it('tells a member who does not share that their progress stays private, and where to change it', () => {
    expect(sharingNoteText(false)).toBe('Your progress stays private: its leaders see it only if you turn on sharing with it in Settings, under Privacy.');
    expect(sharingNoteText(true)).toContain('You can stop sharing in Settings, under Privacy.');
    expect(sharingNoteText(undefined)).toBeUndefined();
  });
});
