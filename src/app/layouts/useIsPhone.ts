import { PHONE_QUERY, useMediaQuery } from '../../components/useMediaQuery';

export { PHONE_QUERY };

/** Whether the viewport is phone-sized now; follows resizes and rotations. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}
