import { useId, useState } from 'react';
import { ScripturePassage } from './ScripturePassage';
import './scripture.css';

/** A row of references; choosing one shows its text below the row (one at a time), choosing it again hides it. */
export function ScriptureChoices({ references, label }: { references: readonly string[]; label: string }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();
  return (
    <div className="scripture-choices">
      <ul className="scripture-choices__list" aria-label={label}>
        {references.map((reference) => (
          <li key={reference}>
            <button
              type="button"
              className="scripture-choices__choice"
              aria-expanded={chosen === reference}
              aria-controls={id}
              onClick={() => setChosen(chosen === reference ? null : reference)}
            >
              {reference}
            </button>
          </li>
        ))}
      </ul>
      <div id={id}>{chosen ? <ScripturePassage reference={chosen} /> : null}</div>
    </div>
  );
}
