import { useEffect, useState } from 'react';
import { standInBuild } from '../../config/env';
import { readHealth } from './healthHeard';

/**
 * Whether the network is the demo network, whose members' password the README publishes, so the
 * login and signup forms may offer to fill in a demo account: always with the stand-in; with a
 * server, once its GET /api/health says `demo: true` (a server that loaded the demo network). Until
 * then, and from a backend that does not say or cannot be reached, it is not: a real network never
 * shows the offer, not even for a moment, and the pages built ahead for a server leave it out.
 * Asked with a plain fetch: /login and /signup paint and take input before the API's code loads.
 */
export function useDemoNetwork(): boolean {
  const standIn = standInBuild();
  const [demo, setDemo] = useState(standIn);
  useEffect(() => {
    if (standIn) return undefined;
    const asking = new AbortController();
    readHealth(asking.signal)
      .then((health) => {
        if (!asking.signal.aborted) setDemo(health?.demo === true);
      })
      .catch(() => undefined);
    return () => asking.abort();
  }, [standIn]);
  return demo;
}
