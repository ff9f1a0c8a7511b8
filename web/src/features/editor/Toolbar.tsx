import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import {
  AlignCenterIcon,
  AlignJustifyIcon,
  AlignLeftIcon,
  AlignRightIcon,
  BoldIcon,
  BulletListIcon,
  HeadingIcon,
  ImageIcon,
  ItalicIcon,
  OrderedListIcon,
  ParagraphIcon,
  SmallCapsIcon,
} from '../../components/icons';
import { editorTexts } from './texts';
import { chapterImageTypes, insertImageFiles, takesImages } from './images/imageUploads';

type Alignment = 'left' | 'center' | 'right' | 'justify';

interface Tool {
  id: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  run: () => void;
}

/**
 * The toolbar of spec §2: Heading 1, paragraph, bold, italic, the four alignments, bullet and numbered
 * lists; small caps (issue 46: an imported manuscript keeps them, so an author can set them too); and, in a
 * book's editor, a picture from a file (images/imageUploads.ts). It re-renders only when what it shows
 * changes (useEditorState selector), not per keystroke. A toolbar in the WAI-ARIA sense: one stop in the tab
 * order, arrows move between buttons.
 */
export function Toolbar({ editor }: { editor: Editor }) {
  const state = useFormattingState(editor);
  // The hidden file input, held as state (a callback ref): the image button clicks it.
  const [picker, setPicker] = useState<HTMLInputElement | null>(null);
  const groups = toolGroups(state, () => editor.chain().focus());
  if (takesImages(editor)) {
    groups.push([
      {
        id: 'image',
        label: editorTexts.insertImage,
        icon: <ImageIcon />,
        active: false,
        run: () => picker?.click(),
      },
    ]);
  }
  const tools = groups.flatMap((group, g) => group.map((tool, i) => ({ ...tool, separated: g > 0 && i === 0 })));
  const { focusIndex, setFocusIndex, buttons, onKeyDown } = useRovingFocus(tools.length);

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls="manuscript"
      onKeyDown={onKeyDown}
      className="flex items-center gap-0 overflow-x-auto border-b sm:gap-0.5 border-stone-200 bg-white px-1.5 py-1.5 sm:px-4"
    >
      {tools.map((tool, position) => (
        <span key={tool.id} className="flex shrink-0 items-center">
          {tool.separated && <span className="mx-0.5 h-5 w-px bg-stone-200 sm:mx-1.5" aria-hidden="true" />}
          <button
            ref={(element) => {
              buttons.current[position] = element;
            }}
            type="button"
            aria-label={tool.label}
            aria-pressed={tool.active}
            title={tool.label}
            tabIndex={position === focusIndex ? 0 : -1}
            onFocus={() => setFocusIndex(position)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.run}
            // 28 px wide on a phone: the twelve tools fit 390 px without scrolling the bar (sm: 36 px squares).
            className={`flex h-8 w-7 shrink-0 items-center justify-center rounded-md sm:size-9 transition-colors ${tool.active ? 'bg-ink-900 text-white' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-950'}`}
          >
            {tool.icon}
          </button>
        </span>
      ))}
      <input
        ref={setPicker}
        type="file"
        accept={chapterImageTypes.join(',')}
        hidden
        tabIndex={-1}
        data-testid="insert-image-file"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void insertImageFiles(editor, files);
        }}
      />
    </div>
  );
}

/** What the toolbar shows as active at the selection; it changes far less often than the document. */
function useFormattingState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive('heading', { level: 1 }),
      paragraph: e.isActive('paragraph'),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      smallCaps: e.isActive('smallCaps'),
      align:
        (['left', 'center', 'right', 'justify'] as Alignment[]).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
    }),
  });
}

/** The tools, in groups set apart by a separator: block type, emphasis, alignment, lists. */
function toolGroups(state: ReturnType<typeof useFormattingState>, chain: () => ChainedCommands): Tool[][] {
  return [
    [
      {
        id: 'h1',
        label: 'Heading 1',
        icon: <HeadingIcon />,
        active: state.h1,
        run: () => chain().toggleHeading({ level: 1 }).run(),
      },
      {
        id: 'paragraph',
        label: 'Paragraph',
        icon: <ParagraphIcon />,
        active: state.paragraph && !state.h1,
        run: () => chain().setParagraph().run(),
      },
    ],
    emphasisTools(state, chain),
    [
      {
        id: 'left',
        label: 'Align left',
        icon: <AlignLeftIcon />,
        active: state.align === 'left',
        run: () => chain().setTextAlign('left').run(),
      },
      {
        id: 'center',
        label: 'Align center',
        icon: <AlignCenterIcon />,
        active: state.align === 'center',
        run: () => chain().setTextAlign('center').run(),
      },
      {
        id: 'right',
        label: 'Align right',
        icon: <AlignRightIcon />,
        active: state.align === 'right',
        run: () => chain().setTextAlign('right').run(),
      },
      {
        id: 'justify',
        label: 'Justify',
        icon: <AlignJustifyIcon />,
        active: state.align === 'justify',
        run: () => chain().setTextAlign('justify').run(),
      },
    ],
    [
      {
        id: 'bullet',
        label: 'Bullet list',
        icon: <BulletListIcon />,
        active: state.bulletList,
        run: () => chain().toggleBulletList().run(),
      },
      {
        id: 'ordered',
        label: 'Numbered list',
        icon: <OrderedListIcon />,
        active: state.orderedList,
        run: () => chain().toggleOrderedList().run(),
      },
    ],
  ];
}

/** The emphasis a run of text may carry; small caps since imported manuscripts keep them (issue 46). */
function emphasisTools(state: ReturnType<typeof useFormattingState>, chain: () => ChainedCommands): Tool[] {
  return [
    { id: 'bold', label: 'Bold', icon: <BoldIcon />, active: state.bold, run: () => chain().toggleBold().run() },
    {
      id: 'italic',
      label: 'Italic',
      icon: <ItalicIcon />,
      active: state.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      id: 'small-caps',
      label: 'Small caps',
      icon: <SmallCapsIcon />,
      active: state.smallCaps,
      run: () => chain().toggleSmallCaps().run(),
    },
  ];
}

/** One tab stop for the whole toolbar; the arrows, Home and End move between its buttons. */
function useRovingFocus(count: number) {
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent) {
    let next = -1;
    if (event.key === 'ArrowRight') next = (focusIndex + 1) % count;
    else if (event.key === 'ArrowLeft') next = (focusIndex - 1 + count) % count;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = count - 1;
    if (next < 0) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  }

  return { focusIndex, setFocusIndex, buttons, onKeyDown };
}
