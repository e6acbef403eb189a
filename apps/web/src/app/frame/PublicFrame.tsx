import { Link, Outlet } from 'react-router-dom';
import { BrandMark } from '../../shared/components/BrandMark';
import { SkipLink } from './SkipLink';

/** The signed-out frame: a header with Get Started, then the page. No antd here: it frames the landing page (styles.css `.cta`). */
export function PublicFrame() {
  return (
    <div className="frame">
      <SkipLink />
      <header className="frame__header frame__header--sticky">
        <div className="frame__bar">
          <BrandMark />
          <Link className="cta cta--primary" to="/login">
            Get Started
          </Link>
        </div>
      </header>
      <div id="content" tabIndex={-1} className="frame__content">
        <Outlet />
      </div>
    </div>
  );
}
