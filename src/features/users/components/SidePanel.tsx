import { TIMINGS } from '../../../config/timings';
import { useLoaderOffAfter } from '../../ui/useLoaderOffAfter';
import { useGetSuggestionsQuery } from '../usersApi';
import { PeopleSearch } from './PeopleSearch';
import { WhoToFollow } from './WhoToFollow';
import { useT } from '../../../i18n/useT';
import './SidePanel.css';

export interface SidePanelProps {
  className?: string;
}

/**
 * The side panel (spec section 2): people search and 'Who to follow?'. The full-page loader goes off
 * a second after the people to follow arrive (spec section 9: the members list, whence they come).
 */
export function SidePanel({ className }: SidePanelProps) {
  const say = useT();
  const { isSuccess } = useGetSuggestionsQuery();
  useLoaderOffAfter(isSuccess, TIMINGS.loaderOffShortMs);
  return (
    <aside className={['side-panel', className ?? ''].filter(Boolean).join(' ')} aria-label={say('people.panel')}>
      <PeopleSearch variant="panel" />
      <WhoToFollow />
    </aside>
  );
}
