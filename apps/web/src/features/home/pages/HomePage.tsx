import {
  BankOutlined,
  BellOutlined,
  CheckOutlined,
  DashboardOutlined,
  EditOutlined,
  FallOutlined,
  LineChartOutlined,
  RiseOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HIGHLIGHTS, TAGLINE } from '../../../shared/brand';
import { useAuth } from '../../auth';
import { BrandMark } from '../../../shared/components/BrandMark';
import { HighlightIcon } from '../../../shared/components/HighlightIcon';
import { audiences, features, freePlanFeatures, greatCommission, problem, solution, steps, team } from '../landing-content';

const icons: Record<string, ReactNode> = {
  user: <UserOutlined aria-hidden />,
  team: <TeamOutlined aria-hidden />,
  bank: <BankOutlined aria-hidden />,
  edit: <EditOutlined aria-hidden />,
  chart: <LineChartOutlined aria-hidden />,
  bell: <BellOutlined aria-hidden />,
  dashboard: <DashboardOutlined aria-hidden />,
};

function Section({ id, title, lead, tone, children }: { id: string; title: string; lead?: string; tone?: 'tint'; children: ReactNode }) {
  return (
    <section id={id} className={tone ? `landing-section landing-section--${tone}` : 'landing-section'} aria-labelledby={`${id}-title`}>
      <div className="landing-section__inner">
        <h2 id={`${id}-title`} className="landing-section__title">
          {title}
        </h2>
        {lead && <p className="landing-section__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

/**
 * The public landing page, every section in order. It is a visitor's first page, so it uses no antd: plain elements
 * with the app's own classes (styles.css: `.cta` for a link that looks like a button, `.panel` for a card).
 */
export function HomePage() {
  // A signed-in member is sent on to their own plan; the card beside stays a plainly labelled example.
  const { user } = useAuth();
  return (
    <main className="landing">
      <title>Abide — grow closer to Jesus</title>

      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Spiritual formation and discipleship</p>
            <h1 id="hero-title" className="hero__title">
              {TAGLINE}
            </h1>
            <p className="hero__lead">
              Abide gives individuals, small groups and churches a personal weekly plan, habits that stick, a journal with prompts and a
              community to grow with.
            </p>
            <div className="hero__actions">
              {user ? (
                <Link className="cta cta--primary cta--large" to="/plan">
                  Open My Plan
                </Link>
              ) : (
                <Link className="cta cta--primary cta--large" to="/login">
                  Start Your Journey
                </Link>
              )}
              <a className="cta cta--large" href="#how-it-works">
                Learn More
              </a>
            </div>
            <ul className="hero__highlights">
              {HIGHLIGHTS.map((highlight) => (
                <li key={highlight}>
                  <HighlightIcon highlight={highlight} /> {highlight}
                </li>
              ))}
            </ul>
          </div>
          <figure className="hero__preview">
            <figcaption className="preview-card__label">Example · not your plan</figcaption>
            <div className="preview-card">
              <p className="preview-card__eyebrow">A Tuesday in a plan themed “Rooted in Prayer”</p>
              <ul className="preview-card__list">
                <li className="preview-card__item preview-card__item--done">
                  <CheckOutlined aria-hidden /> Morning prayer <span>10 min</span>
                </li>
                <li className="preview-card__item preview-card__item--done">
                  <CheckOutlined aria-hidden /> Read Psalm 23 <span>15 min</span>
                </li>
                <li className="preview-card__item">
                  <span className="preview-card__dot" aria-hidden /> Journal: where did you see God today? <span>5 min</span>
                </li>
              </ul>
              <div className="preview-card__progress" aria-hidden>
                <span style={{ width: '66%' }} />
              </div>
              <p className="preview-card__foot">2 of 3 done that day</p>
            </div>
          </figure>
        </div>
      </section>

      <Section
        id="who-its-for"
        title="Made for every stage of faith"
        lead="Whether you walk alone, with a few friends, or lead a congregation."
      >
        <div className="card-grid card-grid--3">
          {audiences.map((audience) => (
            <div key={audience.title} className="panel landing-card">
              <span className="icon-tile">{icons[audience.icon]}</span>
              <h3 className="landing-card__title">{audience.title}</h3>
              <p className="landing-card__text">{audience.text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="how-it-works" title="How Abide Works" lead="Four simple steps from good intentions to a lasting rhythm." tone="tint">
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step__number" aria-hidden>
                {index + 1}
              </span>
              <h3 className="step__title">{step.title}</h3>
              <p className="step__text">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="why-abide" title="The problem, and a better way">
        <div className="contrast">
          <div className="contrast__side contrast__side--problem">
            <h3 className="contrast__title">
              <FallOutlined aria-hidden /> The problem: {problem.title}
            </h3>
            <ul>
              {problem.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
          <div className="contrast__side contrast__side--solution">
            <h3 className="contrast__title">
              <RiseOutlined aria-hidden /> The solution: {solution.title}
            </h3>
            <ul>
              {solution.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section
        id="features"
        title="Everything you need to grow"
        lead="Simple tools for daily faithfulness, for you and for your church."
        tone="tint"
      >
        <div className="card-grid card-grid--3">
          {features.map((feature) => (
            <div key={feature.title} className="panel landing-card">
              <span className="icon-tile">{icons[feature.icon]}</span>
              <h3 className="landing-card__title">{feature.title}</h3>
              <p className="landing-card__text">{feature.text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="pricing" title="Simple pricing" lead="Start today at no cost.">
        <div className="panel price-card">
          <h3 className="price-card__name">Free</h3>
          <p className="price-card__price">
            <span className="price-card__amount">$0</span> <span className="price-card__period">forever</span>
          </p>
          <ul className="price-card__features">
            {freePlanFeatures.map((feature) => (
              <li key={feature}>
                <CheckOutlined aria-hidden /> {feature}
              </li>
            ))}
          </ul>
          <Link className="cta cta--primary cta--large cta--block" to="/login">
            Get Started Free
          </Link>
        </div>
      </Section>

      <Section id="why-it-exists" title="Why Abide exists" tone="tint">
        <div className="mission">
          <p className="mission__text">
            Jesus did not ask His followers to make converts and move on. He asked us to make disciples: people who keep learning, obeying
            and walking with Him every day. Abide exists to help believers and churches do exactly that.
          </p>
          <figure className="scripture">
            <blockquote className="scripture__quote">“{greatCommission.text}”</blockquote>
            <figcaption className="scripture__cite">
              {greatCommission.reference} <span>({greatCommission.translation})</span>
            </figcaption>
          </figure>
        </div>
      </Section>

      <Section id="team" title="The team" lead="A small team serving the church.">
        <div className="card-grid card-grid--3">
          {team.map((member) => (
            <div key={member.role} className="panel landing-card landing-card--center">
              <span aria-hidden className="team-avatar">
                {member.initials}
              </span>
              <h3 className="landing-card__title">{member.role}</h3>
              <p className="landing-card__text">{member.text}</p>
            </div>
          ))}
        </div>
      </Section>

      <section className="final-cta" aria-labelledby="final-cta-title">
        <h2 id="final-cta-title" className="final-cta__title">
          Begin abiding today
        </h2>
        <p className="final-cta__text">Your personal plan is a few questions away. Free, and yours to keep.</p>
        <Link className="cta cta--large final-cta__button" to="/login">
          Start Free Today
        </Link>
      </section>

      <footer className="site-footer">
        <BrandMark />
        <p>“Abide in me, and I in you.” John 15:4 (KJV)</p>
      </footer>
    </main>
  );
}
