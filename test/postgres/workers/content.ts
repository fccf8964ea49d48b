/** The deterministic content of round `i` of writer `name`: `codePoints` code points, non-ASCII included. */
export function contentOf(name: string, i: number, codePoints: number): string {
  const unit = `${name}-${i}-é😀|`;
  const cps = Array.from(unit);
  return Array.from({ length: codePoints }, (_, k) => cps[k % cps.length]).join('');
}
