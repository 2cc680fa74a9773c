import { useCallback, useEffect, useState } from 'react';
import { standInBuild } from '../../config/env';
import { backendReady } from '../../lib/api/backendReady';
import type { NetworkRule, RulesResponse } from '../../types/api';
import { readApiJson, readHealth } from './healthHeard';

/** What the signup form needs to know of the network: whether it is the demo one, and its rules. */
export interface SignupNetwork {
  /** As useDemoNetwork says it: always with the stand-in; with a server, once its health says so. */
  demo: boolean;
  /** The rules a newcomer agrees to (the `moderation` extension); none from a backend without it. */
  rules: NetworkRule[];
  /** Reads them again (a signup refused for rules the page did not show yet). */
  reload: () => void;
}

/**
 * The network as the signup form sees it, from one health answer: the demo question, and the rules
 * when the backend lists `moderation` (none while they are on their way, or when they cannot be
 * read: the backend then says so when the account is asked for). Asked with a plain fetch, as
 * useDemoNetwork does: /signup paints and takes input before the API's code loads. The stand-in
 * starts at once here (it starts when needed): the rules are read before anyone signs up.
 */
export function useSignupNetwork(): SignupNetwork {
  const standIn = standInBuild();
  const [demo, setDemo] = useState(standIn);
  const [rules, setRules] = useState<NetworkRule[]>([]);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const asking = new AbortController();
    const { signal } = asking;
    const read = async (): Promise<void> => {
      if ((await backendReady()) !== undefined || signal.aborted) return;
      const health = await readHealth(signal).catch(() => undefined);
      if (signal.aborted) return;
      if (!standIn) setDemo(health?.demo === true);
      if (!health?.extensions?.includes('moderation')) return;
      const answer = await readApiJson<RulesResponse>('/rules', signal);
      if (!signal.aborted && Array.isArray(answer?.rules)) setRules(answer.rules);
    };
    read().catch(() => undefined);
    return () => asking.abort();
  }, [asked, standIn]);
  const reload = useCallback(() => setAsked((count) => count + 1), []);
  return { demo, rules, reload };
}
