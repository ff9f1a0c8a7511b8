import { useEffect } from 'react';
import { seo, type PublicPath } from '../landing/content';

/**
 * Keeps the tab title and description right after client-side navigation (the pre-rendered HTML has them
 * for crawlers and the first load).
 */
export function usePageMeta(path: PublicPath) {
  useEffect(() => {
    const { title, description } = seo[path];
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [path]);
}
