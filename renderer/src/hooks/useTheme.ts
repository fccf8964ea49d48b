import { useEffect } from 'react';
import { useStoredState } from './useStoredState';

/** The theme the user picked: follow the OS (prefers-color-scheme), or always light or dark. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/**
 * The remembered theme choice, applied as `data-theme` on the root element (the stylesheet keys its colours on
 * it; "system" removes it so prefers-color-scheme decides). Returns the choice and its setter.
 */
export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const [choice, setChoice] = useStoredState<ThemeChoice>('theme', 'system');
  useEffect(() => {
    const root = document.documentElement;
    if (choice === 'system') delete root.dataset.theme;
    else root.dataset.theme = choice;
  }, [choice]);
  return [choice, setChoice];
}
