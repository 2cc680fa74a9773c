/** Waits until `condition` holds, checking every 20 ms; past `withinMs`, fails naming `what`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, withinMs = 120_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
