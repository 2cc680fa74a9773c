import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability, type Capability } from '../lib/api/capabilities';

/**
 * A page of one extension, titled `title`: the navigation's loader goes off once the backend's health
 * answer says whether it has the extension. Undefined until then, as `useCapability`.
 */
export function useExtensionPage(capability: Capability, title: string): boolean | undefined {
  const has = useCapability(capability);
  useLoaderOffAfter(has !== undefined, TIMINGS.loaderOffShortMs);
  usePageTitle(title);
  return has;
}
