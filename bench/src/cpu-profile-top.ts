import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface TopFrame {
  frame: string;
  selfPercent: number;
}

/**
 * The frames with the most self time in a V8 `.cpuprofile`, as a share of the busy time (idle left out: the
 * server waits while the bench measures the other targets).
 */
export function topFrames(file: string, count = 15): TopFrame[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const selfByFrame = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    total += hits;
    const where = url
      ? `${url.replace(/^.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '')}:${lineNumber + 1}`
      : '';
    const frame = `${functionName || '(anonymous)'} ${where}`.trim();
    selfByFrame.set(frame, (selfByFrame.get(frame) ?? 0) + hits);
  }
  return [...selfByFrame]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, hits]) => ({ frame, selfPercent: (100 * hits) / Math.max(1, total) }));
}
