import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * The rich text editors' keyboard paths, shared by the journal's notes and the staff lesson
 * editor (WCAG 2.1.1 Keyboard, 2.1.2 No Keyboard Trap).
 */

const ITEMS = 'button:not(:disabled)';

/**
 * A formatting toolbar as the ARIA toolbar pattern has it: one Tab stop (the button last used),
 * the arrow keys, Home and End moving between its buttons. Spread the result on the element
 * with role="toolbar". Tab stops are set on the rendered buttons after each render, so a toolbar
 * whose buttons change (the lesson editor's HTML mode) keeps exactly one.
 */
export function useToolbarFocus() {
  const ref = useRef<HTMLDivElement>(null);
  const stop = useRef(0);

  const itemsOf = () => [...(ref.current?.querySelectorAll<HTMLButtonElement>(ITEMS) ?? [])];
  const setStop = (index: number) => {
    const items = itemsOf();
    stop.current = Math.max(0, Math.min(index, items.length - 1));
    items.forEach((item, at) => {
      item.tabIndex = at === stop.current ? 0 : -1;
    });
    return items[stop.current];
  };
  useLayoutEffect(() => {
    setStop(stop.current);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = itemsOf();
    const at = items.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setStop((next + items.length) % items.length)?.focus();
  };
  // A button reached another way (a click, a screen reader's own cursor) becomes the Tab stop.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const at = itemsOf().indexOf(event.target as HTMLButtonElement);
    if (at >= 0 && at !== stop.current) setStop(at);
  };
  return { ref, onKeyDown, onFocus };
}

/**
 * In a list, the editor takes Tab to indent an item (and Shift+Tab to outdent it), so Tab alone
 * may never leave it. Escape, then Tab or Shift+Tab, always does: this capture handler on a box
 * around the editor keeps that Tab from the editor, and the browser moves focus as usual. Any
 * other key after Escape gives Tab back to the editor.
 */
export function useEditorExit() {
  const leaving = useRef(false);
  return {
    onKeyDownCapture: (event: KeyboardEvent<HTMLElement>) => {
      if (!(event.target instanceof HTMLElement) || !event.target.closest('[contenteditable="true"]')) return;
      if (event.key === 'Tab' && leaving.current) {
        leaving.current = false;
        event.stopPropagation();
        return;
      }
      leaving.current = event.key === 'Escape';
    },
  };
}
