import { useRef } from 'react';

/**
 * Focus handlers for a Radix Dialog.Content: remember what had focus when the dialog opened and
 * give focus back to it when the dialog closes. Radix does this only for its own Trigger; the
 * app's dialogs open from plain buttons, so without this focus would fall to the page body.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    },
  };
}
