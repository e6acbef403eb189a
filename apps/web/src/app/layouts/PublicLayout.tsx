import { Outlet } from 'react-router-dom';
import { BrandMark } from '../../shared/components/BrandMark';
import { ButtonLink } from '../../shared/components/ButtonLink';

/** Spec §2, signed-out frame: a header with Get Started, then the page. */
export function PublicLayout() {
  return (
    <div className="frame">
      <header className="frame__header">
        <div className="frame__bar">
          <BrandMark />
          <ButtonLink type="primary" to="/login">
            Get Started
          </ButtonLink>
        </div>
      </header>
      <Outlet />
    </div>
  );
}
