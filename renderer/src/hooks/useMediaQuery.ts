import { useEffect, useMemo, useState } from 'react';

/** Whether the CSS media query `query` matches, updated as it changes (false where matchMedia is missing: jsdom). */
export function useMediaQuery(query: string): boolean {
  const list = useMemo(() => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null), [query]);
  const [matches, setMatches] = useState(() => list?.matches ?? false);
  useEffect(() => {
    if (!list) return;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [list]);
  return matches;
}

/**
 * Window heights at which the turns page stacks the entries under the turns (a laptop half-screen, 1024x640):
 * the entry view then has the whole height of its column. Also the CSS's compact rules (app.css).
 */
export const SHORT_WINDOW_QUERY = '(max-height: 760px)';
