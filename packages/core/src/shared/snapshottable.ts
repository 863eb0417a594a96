/** An in-memory store whose whole state can be saved and put back: how in-memory transactions roll back. */
export interface Snapshottable {
  snapshot(): unknown;
  restore(snapshot: unknown): void;
}
