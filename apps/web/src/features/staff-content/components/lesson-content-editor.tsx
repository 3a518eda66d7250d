import { EditorContent, mergeAttributes, Node, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';
import { embedAddress, needsHtmlMode } from '../utils/embed';
import { Icon } from '@/components/icons';
import { useEditorExit, useToolbarFocus } from '@/components/rich-text-keyboard';
import rich from '@/components/rich-text.module.css';
import styles from './staff-content.module.css';

declare module '@tiptap/react' {
  interface Commands<ReturnType> {
    embed: { insertEmbed: (attrs: { src: string; title: string }) => ReturnType };
  }
}

/** An allow-listed player or chart frame, kept as one block the editor never edits inside. */
const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, title: { default: 'Embedded video or chart' } };
  },
  parseHTML() {
    return [{ tag: 'iframe[src]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['iframe', mergeAttributes(HTMLAttributes, { allowfullscreen: 'true' })];
  },
  addCommands() {
    return {
      insertEmbed:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});

type Props = { initialHtml: string; onChange: (html: string) => void; error?: string | undefined };

/**
 * The lesson's main content: a visual editor (formatting, headings, lists, links, embeds), or
 * the HTML itself for lessons with tables and images the visual editor cannot keep.
 */
export function LessonContentEditor({ initialHtml, onChange, error }: Props) {
  const id = useId();
  const [mode, setMode] = useState<'visual' | 'html'>(() => (needsHtmlMode(initialHtml) ? 'html' : 'visual'));
  const [html, setHtml] = useState(initialHtml);
  const [embedOpen, setEmbedOpen] = useState(false);
  const [embedUrl, setEmbedUrl] = useState('');
  const [embedTitle, setEmbedTitle] = useState('');
  const [embedError, setEmbedError] = useState<string | null>(null);
  const toolbar = useToolbarFocus();
  const exit = useEditorExit();

  const update = (next: string) => {
    setHtml(next);
    onChange(next);
  };

  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false } }), Embed],
    content: mode === 'visual' ? initialHtml : '',
    editorProps: {
      attributes: {
        'aria-label': 'Lesson content',
        'aria-multiline': 'true',
        'aria-describedby': `${id}-keys`,
        role: 'textbox',
        class: `${rich.richTextArea} ${styles.contentArea}`,
      },
    },
    onUpdate: ({ editor: current }) => update(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  const chain = () => editor?.chain().focus();
  const toggleLink = () => {
    if (!editor) return;
    if (editor.isActive('link')) {
      chain()?.unsetLink().run();
      return;
    }
    const href = window.prompt('Link address (https://…)');
    if (href && /^(https?:\/\/|mailto:)/i.test(href.trim())) chain()?.setLink({ href: href.trim() }).run();
  };
  const insertEmbed = () => {
    const src = embedAddress(embedUrl);
    if (!src) {
      setEmbedError('Paste a YouTube, Vimeo or TradingView widget address (https).');
      return;
    }
    chain()?.insertEmbed({ src, title: embedTitle.trim() || 'Embedded video or chart' }).run();
    setEmbedOpen(false);
    setEmbedUrl('');
    setEmbedTitle('');
    setEmbedError(null);
  };
  const switchMode = () => {
    if (mode === 'html') editor?.commands.setContent(html, { emitUpdate: false });
    setMode(mode === 'html' ? 'visual' : 'html');
  };

  const buttons = [
    { key: 'bold', text: 'B', name: 'Bold', run: () => chain()?.toggleBold().run() },
    { key: 'italic', text: 'I', name: 'Italic', run: () => chain()?.toggleItalic().run() },
    { key: 'underline', text: 'U', name: 'Underline', run: () => chain()?.toggleUnderline().run() },
    { key: 'h2', text: 'H2', name: 'Heading', run: () => chain()?.toggleHeading({ level: 2 }).run() },
    { key: 'h3', text: 'H3', name: 'Subheading', run: () => chain()?.toggleHeading({ level: 3 }).run() },
    { key: 'bulletList', text: '•', name: 'Bullet list', run: () => chain()?.toggleBulletList().run() },
    { key: 'orderedList', text: '1.', name: 'Numbered list', run: () => chain()?.toggleOrderedList().run() },
    { key: 'link', text: <Icon name="link" />, name: 'Link', run: toggleLink },
  ] as const;

  return (
    <div className="field">
      <span className="field-label" id={`${id}-label`}>
        Content
      </span>
      <div className={`${rich.richText} ${styles.editor}`} aria-labelledby={`${id}-label`} {...exit}>
        <div className={rich.richTextToolbar} role="toolbar" aria-label="Lesson content formatting" {...toolbar}>
          {mode === 'visual' &&
            buttons.map((button) => (
              <button
                key={button.key}
                type="button"
                className={rich.richTextButton}
                aria-label={button.name}
                aria-pressed={active?.[button.key] ?? false}
                onClick={button.run}
                // A mouse press must not take the caret out of the editor: typing continues where it was.
                onMouseDown={(event) => event.preventDefault()}
              >
                {button.text}
              </button>
            ))}
          {mode === 'visual' && (
            <button type="button" className={`${rich.richTextButton} ${styles.wideButton}`} aria-expanded={embedOpen} onClick={() => setEmbedOpen(!embedOpen)}>
              Embed video/chart
            </button>
          )}
          <button type="button" className={`${rich.richTextButton} ${styles.wideButton}`} onClick={switchMode}>
            {mode === 'visual' ? 'Edit HTML' : 'Visual editor'}
          </button>
        </div>
        {embedOpen && mode === 'visual' && (
          <div className={styles.embedForm}>
            <label htmlFor={`${id}-embed`}>Video or chart address</label>
            <input
              id={`${id}-embed`}
              value={embedUrl}
              placeholder="https://www.tradingview.com/widgetembed/?symbol=…"
              aria-describedby={embedError ? `${id}-embed-error` : undefined}
              onChange={(e) => setEmbedUrl(e.target.value)}
            />
            <label htmlFor={`${id}-embed-title`}>Title (read by screen readers)</label>
            <input id={`${id}-embed-title`} value={embedTitle} onChange={(e) => setEmbedTitle(e.target.value)} />
            <button type="button" className="btn btn-secondary" onClick={insertEmbed}>
              Insert embed
            </button>
            {embedError && (
              <p className="field-error" id={`${id}-embed-error`}>
                {embedError}
              </p>
            )}
          </div>
        )}
        {mode === 'visual' ? (
          <>
            <EditorContent editor={editor} />
            <p id={`${id}-keys`} className={rich.richTextHint}>
              Ctrl+B bold, Ctrl+I italic, Ctrl+U underline, Ctrl+Alt+2 heading, Ctrl+Alt+3 subheading, Ctrl+Shift+8
              bullet list, Ctrl+Shift+7 numbered list (⌘ instead of Ctrl on a Mac); the formatting buttons are before
              the text, the arrow keys move between them. In a list, Tab indents: press Escape, then Tab, to leave the
              editor.
            </p>
          </>
        ) : (
          <>
            {needsHtmlMode(html) && (
              <p className="field-hint">This lesson uses tables or images the visual editor cannot keep, so it is edited as HTML.</p>
            )}
            <textarea
              className={styles.html}
              aria-label="Lesson content HTML"
              aria-describedby={error ? `${id}-error` : undefined}
              rows={16}
              value={html}
              onChange={(e) => update(e.target.value)}
            />
          </>
        )}
      </div>
      <p className="field-hint">Embeds: YouTube, Vimeo and TradingView widgets. Everything else is removed when saved.</p>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
