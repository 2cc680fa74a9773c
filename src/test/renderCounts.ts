/**
 * Counts how often a component renders, from outside it: React reports every commit to a developer
 * tools hook, and a component that rendered in a commit holds a new hook list (a skipped one keeps
 * its old list). The tests and `npm run bench` use it to show that liking one post re-renders only
 * that post's card, with nothing in the card itself to make that measurable.
 *
 * `installRenderHook()` must run before react-dom is loaded (jest's setupFiles; the bench calls it
 * before importing React).
 */

interface Fiber {
  type: unknown;
  memoizedProps: unknown;
  memoizedState: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
}

interface Watch {
  matches: (fiber: Fiber) => boolean;
  keyOf: (props: never) => string;
  lastState: Map<string, unknown>;
  counts: Map<string, number>;
}

const watches = new Set<Watch>();

function onCommit(root: { current: Fiber }): void {
  if (watches.size === 0) return;
  const stack: Fiber[] = [root.current];
  while (stack.length > 0) {
    const fiber = stack.pop()!;
    for (const watch of watches) {
      if (!watch.matches(fiber)) continue;
      const key = watch.keyOf(fiber.memoizedProps as never);
      if (watch.lastState.get(key) !== fiber.memoizedState) {
        watch.lastState.set(key, fiber.memoizedState);
        watch.counts.set(key, (watch.counts.get(key) ?? 0) + 1);
      }
    }
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
}

/** Puts the hook in place (once); react-dom finds it when it loads. */
export function installRenderHook(): void {
  const scope = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
  if (scope.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  scope.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => onCommit(root),
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
  };
}

export interface RenderCounts {
  /** Renders per key since the start or the last `reset()`. */
  readonly counts: ReadonlyMap<string, number>;
  /** The keys rendered since the start or the last `reset()`. */
  rendered(): Set<string>;
  reset(): void;
  stop(): void;
}

/**
 * Counts the renders of `component` (a function component or a `memo` of one), per key of its props
 * (`keyOf`, for example the post id of a card). The first render of each key counts too.
 */
export function countRenders<Props>(component: unknown, keyOf: (props: Props) => string): RenderCounts {
  // A memo's fiber (or its child's) has the inner function as its type: that fiber holds the hooks.
  const rendersAs = (component as { type?: unknown } | null)?.type ?? component;
  const watch: Watch = {
    matches: (fiber) => fiber.type === rendersAs,
    keyOf: keyOf as (props: never) => string,
    lastState: new Map(),
    counts: new Map(),
  };
  watches.add(watch);
  return {
    counts: watch.counts,
    rendered: () => new Set(watch.counts.keys()),
    reset: () => watch.counts.clear(),
    stop: () => {
      watches.delete(watch);
    },
  };
}
