import { Outlet } from 'react-router-dom';
import { BrandMark } from '../../shared/components/BrandMark';
import { LiteButtonLink } from '../../shared/lite/antd-lite';
import { SkipLink } from './SkipLink';

/** The signed-out frame: a header with Get Started, then the page. No antd here (antd-lite): it frames the landing page. */
export function PublicFrame() {
  return (
    <div className="frame">
      <SkipLink />
      <header className="frame__header frame__header--sticky antd-lite">
        <div className="frame__bar">
          <BrandMark />
          <LiteButtonLink type="primary" to="/login">
            Get Started
          </LiteButtonLink>
        </div>
      </header>
      <div id="content" tabIndex={-1} className="frame__content">
        <Outlet />
      </div>
    </div>
  );
}
