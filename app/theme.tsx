'use client';

import { Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';

/*
 * Light and dark themes. The theme is the system's colour scheme until the person picks one
 * with the toggle; the choice is kept in this browser. `data-theme` on <html> switches the
 * tokens of globals.css.
 */

const KEY = 'theme';
type Theme = 'light' | 'dark';

/**
 * Runs inline in <head>, before the first paint, so that a dark page never flashes light.
 * Kept self-contained: it is serialised as text.
 */
export const THEME_SCRIPT = `try{var t=localStorage.getItem('${KEY}');document.documentElement.dataset.theme=t==='light'||t==='dark'?t:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}catch(e){}`;

const current = (): Theme => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

/** The account bar's switch between the light and dark themes. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => {
    setTheme(current());
    // Without a choice of the person's, follow the system when it changes.
    const system = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      if (localStorage.getItem(KEY)) return;
      document.documentElement.dataset.theme = system.matches ? 'dark' : 'light';
      setTheme(current());
    };
    system.addEventListener('change', follow);
    return () => system.removeEventListener('change', follow);
  }, []);
  if (!theme) return null;
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="secondary small inline-flex items-center"
      aria-label={`Switch to the ${next} theme`}
      title={`Switch to the ${next} theme`}
      onClick={() => {
        localStorage.setItem(KEY, next);
        document.documentElement.dataset.theme = next;
        setTheme(next);
      }}
    >
      {theme === 'dark' ? (
        <Sun aria-hidden className="size-4" />
      ) : (
        <Moon aria-hidden className="size-4" />
      )}
    </button>
  );
}
