/** The sentences of a text, split after '.', '!' or '?' (and a closing quote) followed by a space. */
export const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?][”"’')\]]?)\s+/u)
    .map((s) => s.trim())
    .filter(Boolean);

const sameSentence = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The first sentence said twice across the texts (case and punctuation aside), or null when none is. */
export const repeatedSentence = (...texts: string[]): string | null => {
  const seen = new Set<string>();
  for (const sentence of texts.flatMap(sentencesOf)) {
    const key = sameSentence(sentence);
    if (!key) continue;
    if (seen.has(key)) return sentence;
    seen.add(key);
  }
  return null;
};
