/** The best encoding the client accepts among those a file has: brotli, then gzip, else none. */
export function pickEncoding(header: string | undefined, available: { br?: unknown; gzip?: unknown }): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (available.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (available.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}
