export interface RateLimitWindowsTable {
  bucket: string;
  /** Epoch milliseconds at which the bucket's current window began. */
  window_start: number;
  count: number;
}
