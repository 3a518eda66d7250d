import { mergeAttributes, Node, type Editor } from '@tiptap/react';
import { useCallback, useEffect, useId, useState } from 'react';
import styles from '@/components/rich-text.module.css';

/** Someone who may be mentioned (what the community's lookup answers). */
export type MentionPerson = { id: string; name: string; mentor: boolean };
/** Looks people up by the start of their name as the member types after "@". */
export type FindPeople = (query: string, signal: AbortSignal) => Promise<MentionPerson[]>;

/** A mention in the text: `<span data-mention="{user id}">@Name</span>`, one piece the caret steps over. */
export const Mention = Node.create({
  name: 'mention',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: false,
  addAttributes() {
    return {
      id: { default: null, parseHTML: (element) => element.getAttribute('data-mention'), renderHTML: (attributes) => ({ 'data-mention': attributes.id as string }) },
      label: { default: '', parseHTML: (element) => (element.textContent ?? '').replace(/^@/, ''), renderHTML: () => ({}) },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-mention]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), `@${node.attrs.label as string}`];
  },
  renderText({ node }) {
    return `@${node.attrs.label as string}`;
  },
});

type Typed = { query: string; from: number; to: number };
const DEBOUNCE_MS = 200;

/** The "@name" being typed just before the caret, if any. */
function typedMention(editor: Editor): Typed | null {
  const { $from, empty } = editor.state.selection;
  if (!empty) return null;
  const before = $from.parent.textBetween(Math.max(0, $from.parentOffset - 41), $from.parentOffset, undefined, '\ufffc');
  const match = /(?:^|\s)@([^\s@\ufffc]{0,40})$/.exec(before);
  if (!match) return null;
  return { query: match[1]!, from: $from.pos - match[1]!.length - 1, to: $from.pos };
}

/**
 * The suggestion list of @mentions (the combobox pattern on the editor): typing "@" and the start
 * of a name lists who may be mentioned; Up and Down move through the list, Enter or Tab picks,
 * Escape closes it. `onKeyDown` goes to the editor's key handler.
 */
export function useMentionSuggestions(editor: Editor | null, find: FindPeople | undefined) {
  const listId = useId();
  const [typed, setTyped] = useState<Typed | null>(null);
  const [people, setPeople] = useState<MentionPerson[]>([]);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!editor || !find) return;
    const track = () => setTyped(typedMention(editor));
    editor.on('transaction', track);
    return () => {
      editor.off('transaction', track);
    };
  }, [editor, find]);

  const query = typed?.query ?? null;
  useEffect(() => {
    if (query === null || !find) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      find(query, controller.signal)
        .then((found) => {
          setPeople(found);
          setActive(0);
          setFailed(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, find]);

  // Escape closes the list for this "@" only: typing a new one opens it again.
  const open = typed !== null && closedAt !== typed.from;
  const shown = open ? people : [];

  const pick = useCallback(
    (person: MentionPerson) => {
      if (!editor || !typed) return;
      editor
        .chain()
        .focus()
        .insertContentAt({ from: typed.from, to: typed.to }, [
          { type: 'mention', attrs: { id: person.id, label: person.name } },
          { type: 'text', text: ' ' },
        ])
        .run();
      setPeople([]);
    },
    [editor, typed],
  );

  const optionId = (index: number) => `${listId}-option-${index}`;

  // The editing area is the combobox: it names the list and the option in focus.
  useEffect(() => {
    // Only a mounted editor has its view (TipTap throws before); editors without mentions are left alone.
    if (!find || !editor?.isInitialized) return;
    const dom = editor.view.dom;
    dom.setAttribute('aria-autocomplete', 'list');
    if (shown.length > 0) {
      dom.setAttribute('aria-controls', listId);
      dom.setAttribute('aria-activedescendant', optionId(active));
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  });

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    if (event.key === 'Escape') {
      setClosedAt(typed.from);
      return true;
    }
    if (shown.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + shown.length) % shown.length);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      pick(shown[Math.min(active, shown.length - 1)]!);
      return true;
    }
    return false;
  };

  const list = !find ? null : (
    <>
      {shown.length > 0 && (
        <ul id={listId} role="listbox" aria-label="People to mention" className={styles.mentionList}>
          {shown.map((person, index) => (
            <li
              key={person.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.mentionOption}
              // A press must not take the caret out of the editor.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(person)}
            >
              {person.name}
              {person.mentor && <span className={styles.mentionMentor}> · Mentor</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {!open ? '' : failed ? 'Names could not be looked up.' : shown.length > 0 ? `${shown.length} people to mention: up and down arrows to choose, Enter to pick, Escape to close.` : ''}
      </p>
    </>
  );

  return { list, onKeyDown };
}
