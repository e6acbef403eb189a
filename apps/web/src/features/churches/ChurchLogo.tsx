import type { ChurchSummary } from '@abide/contracts';

/**
 * A church's logo, or its initial on its colour when it has none. Decorative next to the church's name (empty alt);
 * `label` gives it a name where it stands alone.
 */
export function ChurchLogo({
  church,
  size,
  label,
}: {
  church: Pick<ChurchSummary, 'name' | 'logoUrl' | 'primaryColor'>;
  size: number;
  label?: string;
}) {
  const box = { width: size, height: size };
  if (church.logoUrl) return <img className="church-logo" src={church.logoUrl} alt={label ?? ''} style={box} />;
  return (
    <span className="church-logo church-logo--initial" style={{ ...box, background: church.primaryColor, fontSize: size * 0.5 }} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      {church.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
