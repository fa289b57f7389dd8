// Versions as pages write and readers compare them, shared by the build (plugins/lib/versions.ts) and the browser.

/** Compare two dotted versions numerically (2.10 > 2.9; 2.2.0 = 2.2). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

/** How pages write a version of a product: `v2.7` for Neptune (or `Neptune v2.7` with its name), `Janus 2.4`. */
export function writtenVersion(p: {written: string; name: string}, version: string, withName = false): string {
  const w = p.written.replace('{version}', version);
  return withName || !w.startsWith('v') ? `${p.name} ${w}` : w;
}
