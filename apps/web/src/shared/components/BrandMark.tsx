import { Link } from 'react-router-dom';

interface BrandMarkProps {
  /** Where the brand links to; the signed-in frame sends it to the plan. */
  to?: string;
  inverse?: boolean;
}

/** The product mark: a leaf-shaped flame and the name. */
export function BrandMark({ to = '/', inverse = false }: BrandMarkProps) {
  return (
    <Link to={to} className={inverse ? 'brand brand--inverse' : 'brand'} aria-label="Abide home">
      <svg className="brand__icon" viewBox="0 0 64 64" aria-hidden focusable="false">
        <rect width="64" height="64" rx="14" fill="currentColor" />
        <path d="M32 14c-6 8-14 14-14 24a14 14 0 0 0 28 0c0-10-8-16-14-24z" fill="#f0fdfa" />
      </svg>
      <span className="brand__name">Abide</span>
    </Link>
  );
}
