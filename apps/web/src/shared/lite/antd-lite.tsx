import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/**
 * The landing page and the public header without antd: these render the same markup and class names as antd's
 * Button (with href), Card, Typography and Avatar, styled statically by antd-lite.css inside an `.antd-lite`
 * container, so a visitor's first page needs neither antd's code nor its CSS-in-JS runtime. Only what the landing
 * uses is here; everything else stays real antd.
 */

type ButtonLook = { type?: 'primary' | 'default'; size?: 'middle' | 'large'; block?: boolean; className?: string };

const buttonClass = ({ type = 'default', size = 'middle', block = false, className }: ButtonLook) =>
  [
    'ant-btn',
    `ant-btn-${type}`,
    `ant-btn-color-${type}`,
    type === 'primary' ? 'ant-btn-variant-solid' : 'ant-btn-variant-outlined',
    size === 'large' ? 'ant-btn-lg' : null,
    block ? 'ant-btn-block' : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');

/** antd's `<Button href>`: an anchor that looks like a button. */
export function LiteButtonAnchor({ href, children, ...look }: ButtonLook & { href: string; children: ReactNode }) {
  return (
    <a href={href} className={buttonClass(look)} tabIndex={0} aria-disabled="false">
      <span>{children}</span>
    </a>
  );
}

/** ButtonLink (a button-looking link, routed in-app on a plain click) without antd. */
export function LiteButtonLink({ to, children, ...look }: ButtonLook & { to: string; children: ReactNode }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a href={href} className={buttonClass(look)} tabIndex={0} aria-disabled="false" onClick={handleClick}>
      <span>{children}</span>
    </a>
  );
}

/** antd's `<Card variant="borderless">`. */
export function LiteCard({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className ? `ant-card ${className}` : 'ant-card'}>
      <div className="ant-card-body">{children}</div>
    </div>
  );
}

/** antd's `<Typography.Title>` (levels 1 and 2). */
export function LiteTitle({ level, id, className, children }: { level: 1 | 2; id?: string; className?: string; children: ReactNode }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading id={id} className={className ? `ant-typography ${className}` : 'ant-typography'}>
      {children}
    </Heading>
  );
}

/** antd's `<Typography.Paragraph>` (a div). */
export function LiteParagraph({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `ant-typography ${className}` : 'ant-typography'}>{children}</div>;
}

/** antd's text `<Avatar size={n}>`; short initials always fit, so the text is never scaled down. */
export function LiteAvatar({ size, className, children }: { size: number; className?: string; children: ReactNode }) {
  return (
    <span
      aria-hidden
      className={className ? `ant-avatar ant-avatar-circle ${className}` : 'ant-avatar ant-avatar-circle'}
      style={{ width: size, height: size, fontSize: 18 }}
    >
      <span className="ant-avatar-string" style={{ transform: 'scale(1)' }}>
        {children}
      </span>
    </span>
  );
}
