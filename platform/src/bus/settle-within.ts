/** Runs `work` and reports whether it finished within `timeoutMs`. */
export async function settleWithin(timeoutMs: number, work: () => Promise<unknown>): Promise<boolean> {
  let timeout: NodeJS.Timeout | undefined;
  const expired = new Promise<false>((resolve) => {
    timeout = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([work().then(() => true as const), expired]);
  } finally {
    clearTimeout(timeout);
  }
}
