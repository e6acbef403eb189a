import { useScripturePassageQuery } from './scriptureApi';
import './scripture.css';

/** The text of a scripture reference, read from the API when first shown, with its verse numbers and translation. */
export function ScripturePassage({ reference }: { reference: string }) {
  const { data, isLoading, isError } = useScripturePassageQuery(reference);
  if (isLoading) {
    return (
      <p className="scripture-passage__status" aria-busy="true">
        Loading the passage…
      </p>
    );
  }
  if (isError || !data) return <p className="scripture-passage__status">The text of this passage could not be loaded.</p>;
  const chapters = new Set(data.verses.map((v) => v.chapter)).size;
  return (
    <figure className="scripture-passage">
      <blockquote className="scripture-passage__text">
        {data.verses.map((v) => (
          <span key={`${v.chapter}:${v.verse}`} className="scripture-passage__verse">
            <sup className="scripture-passage__number">{chapters > 1 ? `${v.chapter}:${v.verse}` : v.verse}</sup>
            {v.text}{' '}
          </span>
        ))}
        {data.truncated ? <span aria-hidden>…</span> : null}
      </blockquote>
      <figcaption className="scripture-passage__source">
        {data.reference}, {data.translation}
        {data.truncated ? ' (the passage continues)' : ''}
      </figcaption>
    </figure>
  );
}
