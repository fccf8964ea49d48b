/**
 * A share of a whole as the entry view writes it: one decimal ("45.0 %"), "<0.1 %" for a tiny non-zero part,
 * "0 %" for none and "100 %" only when the part is all of the whole (99.97 % is "99.9 %", never rounded up to
 * all). `part` and `whole` in the same unit (bytes, code points); a whole of 0 gives "0 %".
 */
export function formatPercent(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0 %';
  if (part >= whole) return '100 %';
  const percent = (part / whole) * 100;
  if (percent < 0.1) return '<0.1 %';
  // Rounded down past 99.9, so a part short of the whole never reads "100.0 %".
  return `${(percent >= 99.9 ? Math.floor(percent * 10) / 10 : percent).toFixed(1)} %`;
}
