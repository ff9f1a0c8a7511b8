import { useEffect, useId, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { sanitizeDescriptionHtml } from '@bookwright/contracts/text';
import { BoldIcon, BulletListIcon, ItalicIcon, OrderedListIcon } from '../../../components/icons';
import './DescriptionField.css';

/**
 * The schema of the description: exactly the contract's allow-list (paragraphs, line breaks, bold, italic,
 * bullet and numbered lists), so what the author sees is what the server keeps.
 */
const descriptionExtensions = () => [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: false,
    trailingNode: false,
  }),
];

/**
 * The metadata form's Description: a small rich-text field (tiptap). `value` is the description's HTML as
 * stored (plain text from before is read as paragraphs); every edit hands back the sanitiser's canonical
 * HTML, the shape PATCH /book/metadata and the AI suggestion use.
 */
export function DescriptionField({
  label,
  value,
  onChange,
  error,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const extensions = useMemo(() => descriptionExtensions(), []);
  // The editor keeps the first onUpdate it is given: it calls the latest onChange through this.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  // Read when ProseMirror redraws its attributes (setEditable below redraws them): a read-only field says so.
  const readOnly = useRef(disabled);
  const editor = useEditor({
    extensions,
    content: sanitizeDescriptionHtml(value),
    immediatelyRender: true,
    editable: !disabled,
    editorProps: {
      attributes: () => ({
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-readonly': readOnly.current ? 'true' : 'false',
        'aria-labelledby': labelId,
        'data-field': 'description',
        spellcheck: 'true',
        class: 'description-editor min-h-28 px-3.5 py-2.5 text-[15px] text-stone-900 focus:outline-none',
      }),
    },
    onUpdate: ({ editor: e }) => changed.current(sanitizeDescriptionHtml(e.getHTML())),
  });

  useFollowedProps(editor, { value, disabled, readOnlyRef: readOnly });
  useErrorAttributes(editor, error, errorId);

  return (
    <div>
      <div className="mb-1.5 flex text-sm font-medium text-stone-800">
        <span id={labelId} onClick={() => editor.commands.focus()}>
          {label}
        </span>
      </div>
      <div
        className={`overflow-hidden rounded-lg border bg-white shadow-xs focus-within:border-ink-500 focus-within:ring-2 focus-within:ring-ink-200 ${error ? 'border-red-500 ring-2 ring-red-100' : 'border-stone-300'} ${disabled ? 'bg-stone-50' : ''}`}
      >
        {!disabled && <DescriptionToolbar editor={editor} label={label} controls={id} />}
        <EditorContent editor={editor} />
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The field follows its props: a value set from outside (an accepted suggestion, a save, another form on the
 * draft) replaces the text, and `disabled` the editability. A busy page may commit after tiptap destroyed the
 * editor of this render (it makes another and renders again): a destroyed editor has no schema to read its
 * HTML with, and is left alone.
 */
function useFollowedProps(
  editor: Editor,
  { value, disabled, readOnlyRef }: { value: string; disabled: boolean; readOnlyRef: RefObject<boolean> },
) {
  useEffect(() => {
    if (editor.isDestroyed) return;
    const wanted = sanitizeDescriptionHtml(value);
    if (sanitizeDescriptionHtml(editor.getHTML()) !== wanted) editor.commands.setContent(wanted, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    readOnlyRef.current = disabled;
    if (editor.isDestroyed) return;
    editor.setEditable(!disabled);
  }, [editor, disabled, readOnlyRef]);
}

/** The error, when there is one, is the text box's description and makes it invalid. */
function useErrorAttributes(editor: Editor, error: string | undefined, errorId: string) {
  useEffect(() => {
    if (editor.isDestroyed) return;
    const element = editor.view.dom;
    if (error) {
      element.setAttribute('aria-invalid', 'true');
      element.setAttribute('aria-describedby', errorId);
    } else {
      element.removeAttribute('aria-invalid');
      element.removeAttribute('aria-describedby');
    }
  }, [editor, error, errorId]);
}

function DescriptionToolbar({ editor, label, controls }: { editor: Editor; label: string; controls: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
    }),
  });
  const tools: Array<{ id: string; label: string; icon: ReactNode; active: boolean; run: () => void }> = [
    {
      id: 'bold',
      label: 'Bold',
      icon: <BoldIcon />,
      active: state.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      id: 'italic',
      label: 'Italic',
      icon: <ItalicIcon />,
      active: state.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      id: 'bullets',
      label: 'Bullet list',
      icon: <BulletListIcon />,
      active: state.bullets,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      id: 'numbers',
      label: 'Numbered list',
      icon: <OrderedListIcon />,
      active: state.numbers,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
  ];
  return (
    <div
      role="toolbar"
      aria-label={`${label} formatting`}
      aria-controls={controls}
      className="flex items-center gap-0.5 border-b border-stone-200 bg-stone-50 px-1.5 py-1"
    >
      {tools.map((tool) => (
        <button
          key={tool.id}
          type="button"
          aria-label={tool.label}
          aria-pressed={tool.active}
          title={tool.label}
          onMouseDown={(event) => event.preventDefault()}
          onClick={tool.run}
          className={`flex size-8 shrink-0 items-center justify-center rounded-md transition-colors ${tool.active ? 'bg-ink-900 text-white' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-950'}`}
        >
          {tool.icon}
        </button>
      ))}
    </div>
  );
}
