import { useEffect } from 'react';

/** Every route names itself in the tab: 'SocialConnect | Home'. */
export function usePageTitle(name: string): void {
  useEffect(() => {
    document.title = `SocialConnect | ${name}`;
  }, [name]);
}
