import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config/product';

/** Every route names itself in the tab: 'SocialConnect | Home'. */
export function usePageTitle(name: string): void {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${name}`;
  }, [name]);
}
