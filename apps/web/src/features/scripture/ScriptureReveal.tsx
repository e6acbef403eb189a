import { useId, useState } from 'react';
import { ScripturePassage } from './ScripturePassage';
import './scripture.css';

/** A reference that opens its text in place; the text is read only when first opened. */
export function ScriptureReveal({ reference, className }: { reference: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={['scripture-reveal', className].filter(Boolean).join(' ')}>
      <button type="button" className="scripture-reveal__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {reference} <span className="scripture-reveal__hint">{open ? 'Hide text' : 'Read'}</span>
      </button>
      <div id={id}>{open ? <ScripturePassage reference={reference} /> : null}</div>
    </div>
  );
}
