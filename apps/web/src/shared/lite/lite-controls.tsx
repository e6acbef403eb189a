import { LoadingOutlined } from '@ant-design/icons';
import { theme } from '../../app/theme';
import {
  Children,
  forwardRef,
  useMemo,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

/**
 * The antd controls of the signed-in frame and My Plan without antd (issue #12): each renders antd 5's markup and
 * class names for the props used here, styled statically by antd-lite-app.css (scoped by `css-lite`, where antd puts
 * its hash class), so a member's first page needs neither antd's code nor its CSS-in-JS runtime. What only an interaction needs (menus,
 * the drawer, popovers, toasts) stays real antd and loads on that interaction.
 */

const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

/** The scope of antd-lite-app.css: on each component's root, as antd's hash class. */
const SCOPE = 'css-lite';

const isWaveColor = (color: string) =>
  Boolean(color) &&
  !['#fff', '#ffffff', 'rgb(255, 255, 255)', 'rgba(255, 255, 255, 1)', 'transparent', 'canvastext'].includes(color) &&
  !/rgba\((?:\d*, ){3}0\)/.test(color);

/**
 * antd's click wave (a ring that spreads from the control and fades), as antd's WaveEffect draws it: a holder as the
 * target's first child, the wave sized and rounded like the target, in its border or background colour; `quick` is
 * the checkbox's shorter one.
 */
function showWave(target: HTMLElement, quick = false) {
  const style = getComputedStyle(target);
  const color = [style.borderTopColor, style.borderColor, style.backgroundColor].find(isWaveColor);
  const isStatic = style.position === 'static';
  const px = (value: string) => Number.parseFloat(value) || 0;
  const holder = document.createElement('div');
  holder.style.position = 'absolute';
  holder.style.left = '0px';
  holder.style.top = '0px';
  const wave = document.createElement('div');
  wave.className = `ant-wave ${SCOPE} wave-motion-appear${quick ? ' wave-quick' : ''}`;
  wave.style.left = `${isStatic ? target.offsetLeft : -px(style.borderLeftWidth)}px`;
  wave.style.top = `${isStatic ? target.offsetTop : -px(style.borderTopWidth)}px`;
  wave.style.width = `${target.offsetWidth}px`;
  wave.style.height = `${target.offsetHeight}px`;
  wave.style.borderRadius = [
    style.borderTopLeftRadius,
    style.borderTopRightRadius,
    style.borderBottomRightRadius,
    style.borderBottomLeftRadius,
  ]
    .map((radius) => `${px(radius)}px`)
    .join(' ');
  if (color) wave.style.setProperty('--wave-color', color);
  holder.appendChild(wave);
  target.insertBefore(holder, target.firstChild);
  const remove = () => holder.remove();
  wave.addEventListener('transitionend', (event) => {
    if (event.propertyName === 'opacity') remove();
  });
  setTimeout(remove, 5000);
  // The next frame starts the transition (antd's CSSMotion: appear, then appear-active).
  requestAnimationFrame(() => requestAnimationFrame(() => wave.classList.add('wave-motion-appear-active')));
}

type LiteButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  type?: 'default' | 'primary' | 'text';
  size?: 'middle' | 'large';
  shape?: 'default' | 'circle';
  icon?: ReactNode;
  /** As antd: the icon becomes a spinner and clicks are ignored. */
  loading?: boolean;
};

/** antd's `<Button>` (default, primary and text; middle and large; circle; with an icon; loading). */
export const LiteButton = forwardRef<HTMLButtonElement, LiteButtonProps>(function LiteButton(
  { type = 'default', size = 'middle', shape = 'default', icon, loading = false, className, children, onClick, ...rest },
  ref,
) {
  const variant = type === 'primary' ? 'solid' : type === 'text' ? 'text' : 'outlined';
  const iconOnly = Boolean(icon || loading) && (children === undefined || children === null);
  return (
    <button
      {...rest}
      ref={ref}
      type="button"
      className={cx(
        'ant-btn',
        SCOPE,
        shape === 'circle' && 'ant-btn-circle',
        `ant-btn-${type}`,
        `ant-btn-color-${type === 'primary' ? 'primary' : 'default'}`,
        `ant-btn-variant-${variant}`,
        size === 'large' && 'ant-btn-lg',
        iconOnly && 'ant-btn-icon-only',
        loading && 'ant-btn-loading',
        className,
      )}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        // As antd: outlined and solid buttons wave, text buttons do not.
        if (type !== 'text') showWave(event.currentTarget);
        onClick?.(event);
      }}
    >
      {loading ? (
        <span className="ant-btn-icon ant-btn-loading-icon">
          <LoadingOutlined />
        </span>
      ) : icon ? (
        <span className="ant-btn-icon">{icon}</span>
      ) : null}
      {/* As antd: text is wrapped in a span, elements stay as they are. */}
      {Children.map(children, (child) => (typeof child === 'string' || typeof child === 'number' ? <span>{child}</span> : child))}
    </button>
  );
});

/** antd's `<Card variant="borderless">`, with an optional head (title, extra). */
export function LiteCard({
  className,
  title,
  extra,
  children,
}: {
  className?: string;
  title?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={cx('ant-card', className, SCOPE)}>
      {title || extra ? (
        <div className="ant-card-head">
          <div className="ant-card-head-wrapper">
            {title ? <div className="ant-card-head-title">{title}</div> : null}
            {extra ? <div className="ant-card-extra">{extra}</div> : null}
          </div>
        </div>
      ) : null}
      <div className="ant-card-body">{children}</div>
    </div>
  );
}

/** antd's `<Tag bordered={false}>` or `<Tag color="#hex">`. */
export function LiteTag({ color, className, children }: { color?: string; className?: string; children: ReactNode }) {
  return color ? (
    <span className={cx('ant-tag', 'ant-tag-has-color', className, SCOPE)} style={{ backgroundColor: color }}>
      {children}
    </span>
  ) : (
    <span className={cx('ant-tag', 'ant-tag-borderless', className, SCOPE)}>{children}</span>
  );
}

/** antd's `<Skeleton active paragraph={{ rows }} title={…}>` (no avatar): the same widths antd gives the lines. */
export function LiteSkeleton({ rows, title = true }: { rows: number; title?: boolean }) {
  return (
    <div className={cx('ant-skeleton', 'ant-skeleton-active', SCOPE)}>
      <div className="ant-skeleton-content">
        {title ? <h3 className="ant-skeleton-title" style={{ width: '38%' }} /> : null}
        <ul className="ant-skeleton-paragraph">
          {Array.from({ length: rows }, (_, index) => (
            <li key={index} style={index === rows - 1 ? { width: '61%' } : undefined} />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** antd's `<Spin size="large">`. */
export function LiteSpin() {
  return (
    <div className={cx('ant-spin', 'ant-spin-lg', 'ant-spin-spinning', SCOPE)} aria-live="polite" aria-busy="true">
      <span className="ant-spin-dot-holder">
        <span className="ant-spin-dot ant-spin-dot-spin">
          <i className="ant-spin-dot-item" />
          <i className="ant-spin-dot-item" />
          <i className="ant-spin-dot-item" />
          <i className="ant-spin-dot-item" />
        </span>
      </span>
    </div>
  );
}

/** antd's line `<Progress showInfo={false} strokeColor>`. */
export function LiteProgress({
  percent,
  strokeColor,
  'aria-label': ariaLabel,
}: {
  percent: number;
  strokeColor: string;
  'aria-label': string;
}) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div
      className={cx(
        'ant-progress ant-progress-status-normal ant-progress-line ant-progress-line-align-end ant-progress-line-position-outer ant-progress-default',
        SCOPE,
      )}
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={ariaLabel}
    >
      <div className="ant-progress-outer" style={{ width: '100%' }}>
        <div className="ant-progress-inner">
          <div
            className="ant-progress-bg ant-progress-bg-outer"
            style={{ width: `${value}%`, height: 8, background: strokeColor, '--progress-percent': value / 100 } as CSSProperties}
          />
        </div>
      </div>
    </div>
  );
}

/** antd's `<Checkbox checked onChange>` with a label. */
export function LiteCheckbox({
  checked,
  onChange,
  className,
  children,
}: {
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cx('ant-checkbox-wrapper', checked && 'ant-checkbox-wrapper-checked', className, SCOPE)}>
      <span className={cx('ant-checkbox', 'ant-wave-target', SCOPE, checked && 'ant-checkbox-checked')}>
        <input
          className="ant-checkbox-input"
          type="checkbox"
          checked={checked}
          onChange={onChange}
          onClick={(event) => {
            // As antd: a short wave around the box when it becomes checked.
            const box = event.currentTarget.parentElement;
            if (event.currentTarget.checked && box) showWave(box, true);
          }}
        />
        <span className="ant-checkbox-inner" />
      </span>
      <span className="ant-checkbox-label">{children}</span>
    </label>
  );
}

/** antd's `<Switch checked onChange>`: a click toggles it, and as in antd the arrow keys set it (← off, → on). */
export function LiteSwitch({
  checked,
  onChange,
  'aria-label': ariaLabel,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  'aria-label': string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowLeft' && checked) onChange(false);
    if (event.key === 'ArrowRight' && !checked) onChange(true);
  };
  return (
    <button
      aria-label={ariaLabel}
      type="button"
      role="switch"
      aria-checked={checked}
      className={cx('ant-switch', SCOPE, checked && 'ant-switch-checked')}
      onClick={(event) => {
        showWave(event.currentTarget);
        onChange(!checked);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="ant-switch-handle" />
      <span className="ant-switch-inner">
        <span className="ant-switch-inner-checked" />
        <span className="ant-switch-inner-unchecked" />
      </span>
    </button>
  );
}

/** antd's `<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description>` with its footer. */
export function LiteEmpty({ description, className, children }: { description: ReactNode; className?: string; children?: ReactNode }) {
  return (
    <div className={cx(SCOPE, 'ant-empty', 'ant-empty-normal', className)}>
      <div className="ant-empty-image">
        <svg width="64" height="41" viewBox="0 0 64 41" xmlns="http://www.w3.org/2000/svg">
          <title>No data</title>
          <g transform="translate(0 1)" fill="none" fillRule="evenodd">
            <ellipse fill="#f6f6f7" cx="32" cy="33" rx="32" ry="7" />
            <g fillRule="nonzero" stroke="#dddfe0">
              <path d="M55 12.76L44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
              <path
                d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
                fill="#fbfbfb"
              />
            </g>
          </g>
        </svg>
      </div>
      <div className="ant-empty-description">{description}</div>
      {children ? <div className="ant-empty-footer">{children}</div> : null}
    </div>
  );
}

/** antd's `<Typography.Text type="secondary">`. */
export function LiteSecondaryText({ children }: { children: ReactNode }) {
  return <span className={cx('ant-typography', 'ant-typography-secondary', SCOPE)}>{children}</span>;
}

/** antd's `<Typography.Title level={1}>`. */
export function LiteTitle({ className, children }: { className?: string; children: ReactNode }) {
  return <h1 className={cx('ant-typography', className, SCOPE)}>{children}</h1>;
}

/** antd's `<Typography.Paragraph type="secondary">`. */
export function LiteSecondaryParagraph({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx('ant-typography', 'ant-typography-secondary', className, SCOPE)}>{children}</div>;
}

/** antd's text `<Avatar size>` (18 px text): initials scaled down to fit, as antd scales them (4 px gap each side). */
export function LiteFitAvatar({
  size,
  fontWeight,
  className,
  children,
}: {
  size: number;
  /** The weight styles.css gives this avatar's text: the width is measured without a layout, with this font. */
  fontWeight: number;
  className?: string;
  children: string;
}) {
  const scale = useMemo(() => {
    const width = Math.round(textWidth(children, `${fontWeight} 18px ${fontFamily}`));
    const available = size - 8;
    return width && available < width ? available / width : 1;
  }, [children, fontWeight, size]);
  return (
    <span className={cx('ant-avatar', 'ant-avatar-circle', className, SCOPE)} style={{ width: size, height: size, fontSize: 18 }}>
      <span className="ant-avatar-string" style={{ transform: `scale(${scale})` }}>
        {children}
      </span>
    </span>
  );
}

/** The app's font (theme.ts, styles.css's --abide-font). */
const fontFamily = theme.token?.fontFamily ?? 'sans-serif';
let measure: CanvasRenderingContext2D | null | undefined;

/**
 * A text's width in a font, from a canvas: antd reads the rendered width, which forces the browser to lay the whole
 * page out in the middle of React's first render of it (a long task on a phone).
 */
function textWidth(text: string, font: string): number {
  measure ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!measure) return 0;
  measure.font = font;
  return measure.measureText(text).width;
}

/** antd's `<Badge count size="small" offset={[x, y]}>` around an icon; no badge at 0. */
export function LiteBadge({ count, offset, children }: { count: number; offset: [number, number]; children: ReactNode }) {
  return (
    <span className={cx('ant-badge', SCOPE)}>
      {children}
      {count > 0 ? (
        <sup
          data-show="true"
          className={cx('ant-scroll-number', 'ant-badge-count', 'ant-badge-count-sm', count > 9 && 'ant-badge-multiple-words')}
          title={String(count)}
          style={{ marginTop: offset[1], right: -offset[0] }}
        >
          <bdi>
            {count > 99
              ? '99+'
              : String(count)
                  .split('')
                  .map((digit, index) => (
                    <span key={index} className="ant-scroll-number-only" style={{ transition: 'none' }}>
                      <span className="ant-scroll-number-only-unit current">{digit}</span>
                    </span>
                  ))}
          </bdi>
        </sup>
      ) : null}
    </span>
  );
}
