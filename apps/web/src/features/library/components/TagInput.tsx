import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { tagSuggestions, TAGS_MAX } from '@abide/contracts';
import { Input } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { addTags, remainingSuggestions, removeTag } from '../upload-form';

interface TagInputProps {
  id?: string;
  value?: string[];
  onChange?: (tags: string[]) => void;
}

/** Tags as chips, Enter adds, a click removes; suggestions from the catalogue's tag list (tags are normalised). */
export function TagInput({ id, value = [], onChange }: TagInputProps) {
  const [typed, setTyped] = useState('');
  const full = value.length >= TAGS_MAX;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds a tag; it must not submit the upload form.
    event.preventDefault();
    if (!typed.trim()) return;
    onChange?.(addTags(value, typed));
    setTyped('');
  };

  return (
    <div className="tag-input">
      {value.length > 0 && (
        <ul className="tag-chips" aria-label="Chosen tags">
          {value.map((tag) => (
            <li key={tag}>
              <button type="button" className="tag-chip" onClick={() => onChange?.(removeTag(value, tag))} aria-label={`Remove tag ${tag}`}>
                {tag}
                <CloseOutlined aria-hidden className="tag-chip__x" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        value={typed}
        disabled={full}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={full ? `Up to ${TAGS_MAX} tags` : 'Type a tag and press Enter'}
      />
      <div className="tag-suggestions" aria-label="Suggested tags" role="group">
        {remainingSuggestions(value, tagSuggestions).map((tag) => (
          <button
            key={tag}
            type="button"
            className="tag-suggestion"
            disabled={full}
            onClick={() => onChange?.(addTags(value, tag))}
            aria-label={`Add tag ${tag}`}
          >
            <PlusOutlined aria-hidden /> {tag}
          </button>
        ))}
      </div>
    </div>
  );
}
