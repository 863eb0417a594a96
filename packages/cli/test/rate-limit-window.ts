/**
 * Waits, when the server's current one-minute rate-limit window (aligned to the minute) has less than `needed`
 * milliseconds left, for the next one: a test that counts requests up to a limit must not see its window roll over.
 */
export async function aFreshWindow(needed: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needed) await new Promise((resolve) => setTimeout(resolve, left + 200));
}
