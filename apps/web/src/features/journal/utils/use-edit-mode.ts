import { useEffect, useRef, useState } from 'react';

/**
 * A read view with an Edit button that swaps in an editor. Leaving the editor (Cancel or a
 * save) puts keyboard focus back on the Edit button it replaced, instead of dropping it on the
 * page.
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
  return { editing, startEdit, leaveEdit, editButton };
}
