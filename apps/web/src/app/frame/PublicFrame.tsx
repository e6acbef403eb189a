import { Outlet } from 'react-router-dom';
import { BrandMark } from '../../shared/components/BrandMark';
import { ButtonLink } from '../../shared/components/ButtonLink';
import { SkipLink } from './SkipLink';

/** Spec §2, signed-out frame: a header with Get Started, then the page. */
export function PublicFrame() {
  return (
    <div className="frame">
      <SkipLink />
      <header className="frame__header frame__header--sticky">
        <div className="frame__bar">
          <BrandMark />
          <ButtonLink type="primary" to="/login">
            Get Started
          </ButtonLink>
        </div>
      </header>
      <div id="content" tabIndex={-1} className="frame__content">
        <Outlet />
      </div>
    </div>
  );
}
