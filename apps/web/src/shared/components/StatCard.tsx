import { Card } from 'antd';
import type { ReactNode } from 'react';

/** One figure of a dashboard (the leaders' and the pastor's): a titled region with the value and a line about it. */
export function StatCard({ title, value, note, icon }: { title: string; value: string; note: string; icon: ReactNode }) {
  const id = `stat-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card variant="borderless" className="stat-card" role="region" aria-labelledby={id}>
      <div className="stat-card__head">
        <h2 id={id} className="stat-card__title">
          {title}
        </h2>
        <span className="stat-card__icon" aria-hidden>
          {icon}
        </span>
      </div>
      <p className="stat-card__value">{value}</p>
      <p className="stat-card__note">{note}</p>
    </Card>
  );
}
