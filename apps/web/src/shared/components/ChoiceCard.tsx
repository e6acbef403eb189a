import { CheckCircleFilled } from '@ant-design/icons';
import type { ChangeEvent, ReactNode } from 'react';

interface ChoiceCardProps {
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  checked: boolean;
  onChange: (checked: boolean, event: ChangeEvent<HTMLInputElement>) => void;
  title: string;
  description?: string;
  icon?: ReactNode;
}

/**
 * A selectable card that is a real checkbox or radio underneath, so keyboards, screen readers and
 * tests see an ordinary labelled input.
 */
export function ChoiceCard({ type, name, value, checked, onChange, title, description, icon }: ChoiceCardProps) {
  return (
    <label className={checked ? 'choice-card choice-card--checked' : 'choice-card'}>
      <input
        className="choice-card__input"
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked, event)}
      />
      {icon && (
        <span className="choice-card__icon" aria-hidden>
          {icon}
        </span>
      )}
      <span className="choice-card__text">
        <span className="choice-card__title">{title}</span>
        {description && <span className="choice-card__description">{description}</span>}
      </span>
      <CheckCircleFilled className="choice-card__check" aria-hidden />
    </label>
  );
}
