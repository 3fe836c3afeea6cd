'use client';

import { useEffect } from 'react';

const APP_NAME = 'Equestrian Platform';

/**
 * Each tab named after its page: the page's main heading, then the product. Most pages are
 * client components that cannot declare their title to Next, and their heading arrives with
 * their data (a student's name), so the title follows the first `h1` as it changes.
 */
export function DocumentTitle() {
  useEffect(() => {
    const update = () => {
      const heading = document.querySelector('h1')?.textContent?.trim();
      const title = heading && heading !== APP_NAME ? `${heading} · ${APP_NAME}` : APP_NAME;
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    // The whole document: the router also writes the title (in the head) after a navigation.
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    return () => observer.disconnect();
  }, []);
  return null;
}
