import { useEffect, useRef, useState } from 'react';

/**
 * A button that swaps in an editor (the Edit of a read view, the month label's picker). Leaving
 * the editor on purpose (`leaveEdit`: Cancel, a save, Enter or Escape) puts keyboard focus back
 * on the button it replaced, instead of dropping it on the page; `endEdit` closes it where focus
 * has already gone elsewhere (a blur).
 */
export function useEditMode() {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const refocusEdit = useRef(false);
  useEffect(() => {
    if (editing || !refocusEdit.current) return;
    refocusEdit.current = false;
    editButton.current?.focus();
  }, [editing]);
  const startEdit = () => setEditing(true);
  const leaveEdit = () => {
    refocusEdit.current = true;
    setEditing(false);
  };
  const endEdit = () => setEditing(false);
  return { editing, startEdit, leaveEdit, endEdit, editButton };
}
