import { CalendarOutlined, LineChartOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { HIGHLIGHTS, TAGLINE } from '../../../shared/brand';
import { ButtonLink } from '../../../shared/components/ButtonLink';

const highlightDetails: Record<(typeof HIGHLIGHTS)[number], { icon: ReactNode; text: string }> = {
  'Personalized Plans': {
    icon: <CalendarOutlined aria-hidden />,
    text: 'A weekly rhythm of prayer, Scripture and reflection shaped around your goals.',
  },
  'Track Progress': {
    icon: <LineChartOutlined aria-hidden />,
    text: 'Build daily habits and watch faithfulness grow, one day at a time.',
  },
  'Join Community': {
    icon: <TeamOutlined aria-hidden />,
    text: 'Walk with others in small groups that pray and study together.',
  },
};

export function HomePage() {
  return (
    <main className="page">
      <title>Abide — grow closer to Jesus</title>
      <section className="hero" aria-labelledby="hero-title">
        <Typography.Title id="hero-title" level={1} className="hero__title">
          Abide
        </Typography.Title>
        <Typography.Paragraph className="hero__tagline">{TAGLINE}</Typography.Paragraph>
        <ButtonLink type="primary" size="large" to="/login">
          Start Your Journey
        </ButtonLink>
      </section>
      <section className="highlights" aria-label="What Abide offers">
        {HIGHLIGHTS.map((title) => (
          <Card key={title} className="highlight" variant="borderless">
            <span className="highlight__icon">{highlightDetails[title].icon}</span>
            <Typography.Title level={2} className="highlight__title">
              {title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" className="highlight__text">
              {highlightDetails[title].text}
            </Typography.Paragraph>
          </Card>
        ))}
      </section>
    </main>
  );
}
