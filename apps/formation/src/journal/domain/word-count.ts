/** The word count splits on whitespace; empty or blank text has no words. */
export const countWords = (text: string): number => text.split(/\s+/).filter((word) => word.length > 0).length;
