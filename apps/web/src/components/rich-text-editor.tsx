import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useRef } from 'react';
import { useEditorExit, useToolbarFocus } from '@/components/rich-text-keyboard';
import { Mention, useMentionSuggestions, type FindPeople } from '@/components/rich-text-mentions';
import { sanitizePostHtml, sanitizeRichText } from '@/lib/sanitize';
import styles from '@/components/rich-text.module.css';

type Props = {
  /** Accessible name of the editing area, e.g. "Daily narrative". */
  label: string;
  initialHtml: string | null;
  onChange: (html: string) => void;
  disabled?: boolean;
  /** Put the caret at the end of the text when the editor opens. */
  autoFocus?: boolean;
  /** Community posts: "@" and a name suggests people to mention, found by this lookup. */
  findPeople?: FindPeople;
};

/** Bold, italic, underline and bullet lists only: what the journal stores (§2.8, §2.9) and community posts. */
export function RichTextEditor({ label, initialHtml, onChange, disabled, autoFocus, findPeople }: Props) {
  const hintId = useId();
  const toolbar = useToolbarFocus();
  const exit = useEditorExit();
  // The suggestion list takes the keys it needs first (the handler is set once, with the editor).
  const mentionKeys = useRef<(event: KeyboardEvent) => boolean>(() => false);
  const editor = useEditor({
    extensions: [
      ...(findPeople ? [Mention] : []),
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        orderedList: false,
        strike: false,
        link: false,
      }),
    ],
    content: findPeople ? sanitizePostHtml(initialHtml) : sanitizeRichText(initialHtml),
    editable: !disabled,
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      handleKeyDown: (_view, event) => mentionKeys.current(event),
      // A paste of files alone (an image) is the surrounding form's (screenshots, post images),
      // which hears it bubble up. Left to ProseMirror, a paste without text moves focus to a
      // hidden box and back to the editor 50 ms later, taking it from the field the member went to.
      handlePaste: (_view, event) => {
        const data = event.clipboardData;
        return Boolean(data && data.files.length > 0 && !data.getData('text/plain') && !data.getData('text/html'));
      },
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        'aria-describedby': hintId,
        role: 'textbox',
        class: styles.richTextArea ?? '',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const mentions = useMentionSuggestions(editor, findPeople);
  mentionKeys.current = mentions.onKeyDown;
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
    }),
  });

  const buttons = [
    { key: 'bold', text: 'B', name: 'Bold', run: () => editor?.chain().focus().toggleBold().run() },
    { key: 'italic', text: 'I', name: 'Italic', run: () => editor?.chain().focus().toggleItalic().run() },
    { key: 'underline', text: 'U', name: 'Underline', run: () => editor?.chain().focus().toggleUnderline().run() },
    { key: 'bulletList', text: '•', name: 'Bullet list', run: () => editor?.chain().focus().toggleBulletList().run() },
  ] as const;

  return (
    <div className={styles.richText} {...exit}>
      <div className={styles.richTextToolbar} role="toolbar" aria-label={`${label} formatting`} {...toolbar}>
        {buttons.map((button) => (
          <button
            key={button.key}
            type="button"
            className={[styles.richTextButton, styles[button.key]].filter(Boolean).join(' ')}
            aria-label={button.name}
            aria-pressed={active?.[button.key] ?? false}
            disabled={disabled}
            onClick={button.run}
            // A mouse press must not take the caret out of the editor: typing continues where it was.
            onMouseDown={(event) => event.preventDefault()}
          >
            {button.text}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      {mentions.list}
      <p id={hintId} className={styles.richTextHint}>
        {findPeople && 'Type @ and a name to mention someone. '}
        Ctrl+B bold, Ctrl+I italic, Ctrl+U underline, Ctrl+Shift+8 bullet list (⌘ instead of Ctrl on a Mac); the
        formatting buttons are before the text, the arrow keys move between them. In a list, Tab indents: press
        Escape, then Tab, to leave the editor.
      </p>
    </div>
  );
}
