import { useEffect, useState } from 'react';

function isDark(query: MediaQueryList | null): boolean {
  const chosen = typeof document !== 'undefined' ? document.documentElement.dataset.theme : undefined;
  if (chosen === 'dark') return true;
  if (chosen === 'light') return false;
  return query?.matches ?? false;
}

/** True when the page shows its dark theme: the in-app choice (data-theme), else the OS's prefers-color-scheme. */
export function useDarkMode(): boolean {
  const query = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const [dark, setDark] = useState(() => isDark(query));
  useEffect(() => {
    const update = () => setDark(isDark(query));
    query?.addEventListener('change', update);
    const observer = typeof MutationObserver !== 'undefined' ? new MutationObserver(update) : null;
    observer?.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      query?.removeEventListener('change', update);
      observer?.disconnect();
    };
  }, [query]);
  return dark;
}
