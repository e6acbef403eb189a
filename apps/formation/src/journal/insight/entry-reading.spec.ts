import { MAX_READ_CHARS, plainText, readEntry } from './entry-reading';

describe(readEntry.name, () => {
  it("returns the people, subjects, places and feelings an entry names, in the member's words turned to 'your'", () => {
    const sut = readEntry('My grandmother died on Tuesday. At the funeral in Leeds I could not stop crying. I feel so empty and tired.');

    expect(sut.subjects).toEqual(['your grandmother', 'the funeral in Leeds']);
    expect(sut.places).toEqual(['Leeds']);
    expect(sut.feelings).toEqual(['empty', 'tired']);
    expect(sut.biblicalPeople).toEqual([]);
  });

  it('returns biblical people a general tagger does not know, and does not read a reference as a person', () => {
    const sut = readEntry('Boaz and Ruth came to mind as I read John 3:16.');

    expect(sut.biblicalPeople).toEqual(['Boaz', 'Ruth']);
    expect(sut.scripture).toEqual(['John 3:16']);
    expect(sut.subjects).not.toContain('Boaz and Ruth');
  });

  it('returns the most repeated subject first', () => {
    expect(readEntry("Peter's call by the lake. He was at work. I want to hear that call at my work.").subjects.slice(0, 2)).toEqual([
      "Peter's call",
      'work',
    ]);
  });

  it('marks text in another language as foreign and reads nothing into it', () => {
    const sut = readEntry('Hoy fui a la iglesia con mi familia y oramos juntos por la paz.');

    expect(sut.foreign).toBe(true);
    expect([...sut.subjects, ...sut.people, ...sut.places]).toEqual([]);
  });

  it('reads at most MAX_READ_CHARS characters', () => {
    expect(readEntry('word '.repeat(5_000)).text.length).toBeLessThanOrEqual(MAX_READ_CHARS);
  });
});

describe(plainText.name, () => {
  it('returns the words of HTML and markdown, a heading as a sentence of its own', () => {
    expect(plainText('# Sunday\n\n**Grateful** for <b>sunshine</b> &amp; [our group](https://example.org) - `code`')).toBe(
      'Sunday. Grateful for sunshine & our group - code',
    );
  });

  it('answers the same words again from its last readings, not by reading them again', () => {
    const words = `Ruth gleaned in the field of Boaz ${Date.now()}.`;
    expect(readEntry(words)).toBe(readEntry(`<p>${words}</p>`));
  });
});
