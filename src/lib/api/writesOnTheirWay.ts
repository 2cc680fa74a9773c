/**
 * The member's writes (a like, a post, notifications marked read) that have been sent and not yet
 * answered. A write once sent goes to its end whatever the app does meanwhile: logging out resets
 * the cache, which stops the app from listening for the answer, but not the call itself. The logout
 * call waits here, so the backend has stored what the member did before it ends their token.
 */
const onTheirWay = new Set<Promise<unknown>>();

/** Keeps `write` among the writes on their way until it is answered (or fails); returns it. */
export function trackWrite<T>(write: Promise<T>): Promise<T> {
  onTheirWay.add(write);
  const done = () => onTheirWay.delete(write);
  write.then(done, done);
  return write;
}

/**
 * Settles once every write on its way now has been answered, or after `atMostMs` (a backend that
 * stopped answering holds nothing up for longer); never rejects.
 */
export function writesAnswered(atMostMs: number): Promise<void> {
  if (onTheirWay.size === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, atMostMs);
  });
  const answered = Promise.allSettled([...onTheirWay]).then(() => undefined);
  return Promise.race([answered, waited]).finally(() => clearTimeout(timer));
}
