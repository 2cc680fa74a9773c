import { Link, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../lib/store/hooks';
import { PUBLIC_CHROME_PATHS, paths, withoutTrailingSlash } from '../../config/paths';
import { selectIsLoggedIn } from '../../features/auth/sessionSlice';
import { PHONE_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import { Logout, TopBarSearch } from './memberPanels';
import { BrandMark } from './icons';
import { PRODUCT_NAME } from '../../config/product';
import { useT } from '../../i18n/firstWords';
import './TopBar.css';

/** Whether the top bar shows people search and logout here (spec section 2: not on /signup, /login, /error). */
export function showsMemberTools(pathname: string, loggedIn: boolean): boolean {
  return loggedIn && !PUBLIC_CHROME_PATHS.includes(withoutTrailingSlash(pathname));
}

/**
 * The sticky top bar: the brand link home, and for a logged-in member the people search and the
 * Logout icon (on phones, Logout lives in the bottom navigation).
 */
export function TopBar() {
  const { pathname } = useLocation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const isPhone = useMediaQuery(PHONE_QUERY);
  const memberTools = showsMemberTools(pathname, loggedIn);
  const say = useT();

  return (
    <header className="top-bar">
      <a className="skip-link" href="#main-content">{say('shell.skipToContent')}</a>
      <div className={`top-bar__inner${memberTools ? ' top-bar__inner--member' : ''}`}>
        <Link to={paths.home.href()} className="top-bar__brand">
          <BrandMark />
          <span>{PRODUCT_NAME}</span>
        </Link>
        {memberTools ? (
          <>
            <TopBarSearch className="top-bar__search" />
            {isPhone ? null : (
              <Logout className="icon-button top-bar__logout" />
            )}
          </>
        ) : null}
      </div>
    </header>
  );
}
