/** A readable line-per-field difference between two audit snapshots (nested fields as a.b.c). */
export function describeChanges(before: unknown, after: unknown): string[] {
  const left = flatten(before);
  const right = flatten(after);
  const lines: string[] = [];
  for (const field of [...new Set([...left.keys(), ...right.keys()])].sort()) {
    const was = left.get(field);
    const now = right.get(field);
    if (was === now) continue;
    if (was !== undefined) lines.push(`- ${field}: ${was}`);
    if (now !== undefined) lines.push(`+ ${field}: ${now}`);
  }
  return lines.length ? lines : ['(no difference)'];
}

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) out.set(prefix, '{}');
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix || '(record)', JSON.stringify(value));
  }
  return out;
}
