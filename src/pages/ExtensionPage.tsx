import type { ReactNode } from 'react';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability, type Capability } from '../lib/api/capabilities';
import './FeedPages.css';

/**
 * A page of one extension, titled `title`: the navigation's loader goes off once the backend's health
 * answer says whether it has the extension. `above` shows whatever it has (parts of other extensions,
 * which hide themselves); `children` once it has this one; `unavailable` once it is known not to.
 */
export function ExtensionPage({ capability, title, unavailable, above, children }: {
  capability: Capability;
  title: string;
  unavailable: string;
  above?: ReactNode;
  children: ReactNode;
}) {
  const has = useCapability(capability);
  useLoaderOffAfter(has !== undefined, TIMINGS.loaderOffShortMs);
  usePageTitle(title);
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">{title}</h1>
      {above}
      {has === true ? children : null}
      {has === false ? <p className="feed-page__status">{unavailable}</p> : null}
    </div>
  );
}
