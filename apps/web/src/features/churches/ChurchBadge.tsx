import type { ChurchSummary } from '@abide/contracts';
import { Link } from 'react-router-dom';
import { ChurchLogo } from './ChurchLogo';

/**
 * The active church in the frame's header: its logo and name, linking to its page. The name is the link's name; on
 * narrower screens only the logo shows and the name stays for screen readers (styles.css).
 */
export function ChurchBadge({ church }: { church: Pick<ChurchSummary, 'slug' | 'name' | 'logoUrl' | 'primaryColor'> }) {
  return (
    <Link to={`/c/${church.slug}`} className="church-badge" data-testid="church-badge">
      <ChurchLogo church={church} size={32} />
      <span className="church-badge__name">{church.name}</span>
    </Link>
  );
}
