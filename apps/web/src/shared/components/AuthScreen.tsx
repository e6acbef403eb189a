import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { HIGHLIGHT_DETAILS, HIGHLIGHTS, TAGLINE } from '../brand';
import { BrandMark } from './BrandMark';
import { HighlightIcon } from './HighlightIcon';

/**
 * The frameless screen of login, register and the e-mail links. Desktop: the promise on the left and
 * the card on the right; phones: brand and tagline, the card, then the highlights.
 */
export function AuthScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-screen">
      <title>{`${title} · Abide`}</title>
      <div className="auth-screen__inner">
        <header className="auth-screen__intro">
          <BrandMark />
          <Typography.Title level={1} className="auth-screen__tagline">
            {TAGLINE}
          </Typography.Title>
        </header>
        <Card className="auth-card" variant="borderless">
          {children}
        </Card>
        <ul className="auth-highlights" aria-label="What Abide offers">
          {HIGHLIGHTS.map((highlight) => (
            <li key={highlight} className="auth-highlight">
              <span className="auth-highlight__icon">
                <HighlightIcon highlight={highlight} />
              </span>
              <span>
                <strong className="auth-highlight__title">{highlight}</strong>
                <span className="auth-highlight__text">{HIGHLIGHT_DETAILS[highlight]}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
