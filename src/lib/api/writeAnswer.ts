/**
 * For a mutation whose answer carries the new state: once the answer comes, `write` puts it in the
 * cache (with `upsertQueryData`, say), so nothing is asked again. A refusal or a failure is shown by
 * the app's listener, and the cache, like what the page shows, stays as it was.
 */
export async function writeAnswer<Answer>(queryFulfilled: Promise<{ data: Answer }>, write: (answer: Answer) => void): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    write(data);
  } catch {
    // Shown by the app's listener.
  }
}
