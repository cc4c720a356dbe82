/**
 * The menus of the shell are <details> elements, so they open and close without JavaScript.
 * Once the page is hydrated they also close on a click outside, on Escape, on choosing a link
 * and on every navigation, as a shopper expects from a menu.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const shownKey = useRef(key);

  const close = useCallback(() => {
    if (ref.current) ref.current.open = false;
  }, []);

  useEffect(() => {
    // Not on the first render: a menu opened before hydration stays open.
    if (shownKey.current === key) return;
    shownKey.current = key;
    close();
  }, [key, close]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    function onPointerDown(event: PointerEvent) {
      if (details!.open && !details!.contains(event.target as Node)) details!.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || !details!.open) return;
      details!.open = false;
      details!.querySelector('summary')?.focus();
    }
    function onClick(event: MouseEvent) {
      // Choosing the page already shown does not navigate, so it would not close the menu.
      if ((event.target as Element).closest('a')) details!.open = false;
    }
    document.addEventListener('pointerdown', onPointerDown);
    details.addEventListener('keydown', onKeyDown);
    details.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      details.removeEventListener('keydown', onKeyDown);
      details.removeEventListener('click', onClick);
    };
  }, []);

  return { ref, close };
}
