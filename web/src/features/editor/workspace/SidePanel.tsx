import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import {
  isFictionState,
  type Book,
  type BookState,
  type FictionBookState,
  type NonFictionBookState,
  type UpdateMetadataRequest,
} from '@bookwright/contracts/http';
import { TabList, tabPanelProps, type TabItem } from '../../../components/Tabs';
import { editorTexts } from '../texts';
import { MetadataForm } from '../metadata/MetadataForm';
import type { MetadataDraft } from '../metadata/metadataDraft';
import type { MetadataSaveResult } from '../metadata/useMetadataSaves';

type PanelTab =
  'chapters' | 'comments' | 'concept' | 'characters' | 'world' | 'plot' | 'research' | 'content' | 'metadata';
/** A live book's chapters, with where each person is, come first. */
const chaptersTab: TabItem<PanelTab> = { id: 'chapters', label: 'Chapters' };
/** A live book's comment threads (issue 44), next. */
const commentsTab: TabItem<PanelTab> = { id: 'comments', label: 'Comments' };
const fictionTabs: TabItem<PanelTab>[] = [
  { id: 'concept', label: 'Concept' },
  { id: 'characters', label: 'Characters' },
  { id: 'world', label: 'World Building' },
  { id: 'plot', label: 'Plot Structure' },
  { id: 'metadata', label: 'Metadata' },
];
/** Non-fiction plans have no characters, world or plot: the same parts as the validation screen. */
const nonFictionTabs: TabItem<PanelTab>[] = [
  { id: 'concept', label: 'Concept' },
  { id: 'research', label: 'Research' },
  { id: 'content', label: 'Content' },
  { id: 'metadata', label: 'Metadata' },
];

const orNotSet = (value: string | undefined | null) => (value && value.trim() ? value : editorTexts.notSet);

/** The editor's side panel (spec §2): the plan for reference, and the metadata form. */
export function SidePanel({
  book,
  metadataDraft,
  onMetadataDraftChange,
  saveMetadata,
  onNeedPlan,
  locked = false,
  chapters,
  comments,
  showComments = 0,
}: {
  book: Book;
  metadataDraft: MetadataDraft;
  onMetadataDraftChange: Dispatch<SetStateAction<MetadataDraft>>;
  saveMetadata: (metadata: UpdateMetadataRequest) => Promise<MetadataSaveResult>;
  /** Set while the book is read-only (no plan): the metadata form then leads to the plans. */
  onNeedPlan?: (() => void) | undefined;
  /** The reader's role may not change the details (a shared book): they are shown only. */
  locked?: boolean;
  /** A live book's chapter list (who is where): a tab of its own, the first. */
  chapters?: ReactNode;
  /** A live book's comments: a tab of their own, after the chapters. */
  comments?: ReactNode;
  /** Grows each time the reader asks to see the comments (a highlight chosen, a comment started). */
  showComments?: number;
}) {
  const [tab, setTab] = useState<PanelTab>(chapters ? 'chapters' : 'concept');
  const state = book.bookState;
  const fiction = state ? isFictionState(state) : book.bookType !== 'non-fiction';
  const planTabs = fiction ? fictionTabs : nonFictionTabs;
  const tabs = [...(chapters ? [chaptersTab] : []), ...(comments ? [commentsTab] : []), ...planTabs];
  // A new ask to see the comments turns to their tab (adjusted while rendering, as React advises).
  const [shownComments, setShownComments] = useState(showComments);
  if (showComments !== shownComments) {
    setShownComments(showComments);
    setTab('comments');
  }
  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-stone-200 px-3 pt-3 pb-3">
        <TabList
          tabs={tabs}
          selected={tab}
          onSelect={setTab}
          label="Book details"
          idPrefix="panel"
          variant="pill"
          className="flex-wrap"
        />
      </div>
      <div {...tabPanelProps('panel', tab)} className="min-h-0 flex-1 overflow-y-auto px-4 py-5 focus:outline-none">
        {chapters && <div hidden={tab !== 'chapters'}>{chapters}</div>}
        {comments && <div hidden={tab !== 'comments'}>{comments}</div>}
        <div hidden={tab !== 'metadata'}>
          <MetadataForm
            book={book}
            draft={metadataDraft}
            onDraftChange={onMetadataDraftChange}
            saveMetadata={saveMetadata}
            onNeedPlan={onNeedPlan}
            locked={locked}
          />
        </div>
        {tab === 'chapters' || tab === 'comments' || tab === 'metadata' ? null : !state ? (
          <p className="text-sm text-stone-600">{editorTexts.none}</p>
        ) : tab === 'concept' ? (
          <ConceptView state={state} />
        ) : isFictionState(state) ? (
          tab === 'characters' ? (
            <CharactersView state={state} />
          ) : tab === 'world' ? (
            <WorldView state={state} />
          ) : (
            <PlotView state={state} />
          )
        ) : tab === 'research' ? (
          <ResearchView state={state} />
        ) : (
          <ContentView state={state} />
        )}
      </div>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-[11px] font-semibold tracking-wider text-stone-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm leading-relaxed text-stone-800">{children}</dd>
    </div>
  );
}

function TextList({ items }: { items: readonly string[] | undefined }) {
  if (!items || items.length === 0) return <>{editorTexts.none}</>;
  return (
    <ul className="mt-1 flex flex-wrap gap-1.5">
      {items.map((item, i) => (
        <li key={i} className="rounded-full bg-ink-50 px-2.5 py-0.5 text-[13px] text-ink-900 ring-1 ring-ink-100">
          {item}
        </li>
      ))}
    </ul>
  );
}

function ConceptView({ state }: { state: BookState }) {
  const idea = state.expandedIdea;
  return (
    <dl className="space-y-4">
      <Item label="Sub-genre">{orNotSet(idea.subGenre)}</Item>
      <Item label="Emotional tone">{orNotSet(idea.emotionalTone)}</Item>
      <Item label="Themes">
        <TextList items={idea.themes} />
      </Item>
      <Item label="Central conflict">{orNotSet(idea.centralConflict)}</Item>
    </dl>
  );
}

function CharactersView({ state }: { state: FictionBookState }) {
  const characters = state.characters;
  if (characters.length === 0) return <p className="text-sm text-stone-600">{editorTexts.none}</p>;
  return (
    <ul className="space-y-3">
      {characters.map((c, i) => (
        <li key={i} className="rounded-xl border border-stone-200 bg-white p-3.5">
          <p className="font-display text-base font-semibold text-ink-950">{orNotSet(c.name)}</p>
          <dl className="mt-2 space-y-2">
            <Item label="Role">{orNotSet(c.role)}</Item>
            <Item label="Arc">{orNotSet(c.arc)}</Item>
            <Item label="Personality">{orNotSet(c.personality)}</Item>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function WorldView({ state }: { state: FictionBookState }) {
  const world = state.expandedIdea.worldBuilding;
  return (
    <dl className="space-y-4">
      <Item label="Setting">{orNotSet(world?.setting)}</Item>
      <Item label="Time period">{orNotSet(world?.timePeriod)}</Item>
      <Item label="Cultural context">{orNotSet(world?.culturalContext)}</Item>
      <Item label="Unique elements">
        <TextList items={world?.uniqueElements} />
      </Item>
    </dl>
  );
}

/** Fiction: acts and their chapters. */
function PlotView({ state }: { state: FictionBookState }) {
  return (
    <OutlineView
      parts={state.plotOutline.acts.map((act) => ({
        key: `act-${act.actNumber}`,
        heading: `Act ${act.actNumber}`,
        description: act.description,
        chapters: act.chapters,
      }))}
    />
  );
}

/** Non-fiction: the research topics the plan rests on. */
function ResearchView({ state }: { state: NonFictionBookState }) {
  const topics = state.researches.topics;
  if (topics.length === 0) return <p className="text-sm text-stone-600">{editorTexts.none}</p>;
  return (
    <ul className="space-y-3">
      {topics.map((topic, i) => (
        <li key={i} className="rounded-xl border border-stone-200 bg-white p-3.5">
          <p className="font-display text-base font-semibold text-ink-950">{orNotSet(topic.title)}</p>
          <dl className="mt-2 space-y-2">
            <Item label="Summary">{orNotSet(topic.summary)}</Item>
            <Item label="Tags">
              <TextList items={topic.tags} />
            </Item>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Non-fiction: the content outline's sections and their chapters. */
function ContentView({ state }: { state: NonFictionBookState }) {
  return (
    <OutlineView
      parts={state.contentOutline.sections.map((section) => ({
        key: `section-${section.sectionNumber}`,
        heading: `Section ${section.sectionNumber}${section.title ? `: ${section.title}` : ''}`,
        description: section.objective,
        chapters: section.chapters,
      }))}
    />
  );
}

interface OutlinePart {
  key: string;
  heading: string;
  description: string;
  chapters: readonly { chapterNumber: number; title: string }[];
}

function OutlineView({ parts }: { parts: OutlinePart[] }) {
  if (parts.length === 0) return <p className="text-sm text-stone-600">{editorTexts.none}</p>;
  return (
    <ol className="space-y-5">
      {parts.map((part) => (
        <li key={part.key}>
          <p className="font-display text-base font-semibold text-ink-950">{part.heading}</p>
          <p className="mt-1 text-sm leading-relaxed text-stone-700">{orNotSet(part.description)}</p>
          {part.chapters.length === 0 ? (
            <p className="mt-2 text-sm text-stone-600">{editorTexts.none}</p>
          ) : (
            <ol className="mt-2 space-y-1 border-l-2 border-brass-500/40 pl-3">
              {part.chapters.map((chapter) => (
                <li key={chapter.chapterNumber} className="text-sm text-stone-800">
                  <span className="mr-1.5 font-semibold text-brass-700 tabular-nums">{chapter.chapterNumber}.</span>
                  {orNotSet(chapter.title)}
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}
