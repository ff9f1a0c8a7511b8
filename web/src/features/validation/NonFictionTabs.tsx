import { useState } from 'react';
import type { NonFictionBookState } from '@bookwright/contracts/http';
import { Card } from './ConceptTab';
import { ChapterCard } from './ChapterCard';
import { EditableList, EditableText } from './fields';
import { AddButton, RemoveButton } from './list-buttons';
import { newContentChapter, newTopic, renumberContent } from './structure';
import type { Edit } from './types';

type NonFiction = { state: NonFictionBookState; edit: Edit };

/** researches.topics: title, query, summary, tags; topics can be added and removed. */
export function ResearchTab({ state, edit }: NonFiction) {
  const [added, setAdded] = useState<number>();
  const topics = state.researches.topics;
  const set = (index: number, field: 'title' | 'query' | 'summary') => (value: string) =>
    void edit<NonFictionBookState>((d) => {
      const topic = d.researches.topics[index];
      if (topic) topic[field] = value;
    });

  return (
    <div className="space-y-5">
      <ul className="space-y-5">
        {topics.map((topic, index) => (
          <li key={index} data-testid="topic">
            <div
              role="group"
              aria-labelledby={`topic-${index}`}
              className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
            >
              <div className="mb-4 flex items-center justify-between gap-3">
                <h3 id={`topic-${index}`} className="font-display text-lg font-semibold text-ink-950">
                  {topic.title || `Topic ${index + 1}`}
                </h3>
                <RemoveButton
                  label={`Remove topic ${topic.title || index + 1}`}
                  onClick={() => void edit<NonFictionBookState>((d) => void d.researches.topics.splice(index, 1))}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <EditableText
                  label="Title"
                  value={topic.title}
                  onCommit={set(index, 'title')}
                  autoFocus={added === index}
                />
                <EditableText label="Research query" value={topic.query} onCommit={set(index, 'query')} />
                <EditableText
                  label="Summary"
                  multiline
                  value={topic.summary}
                  onCommit={set(index, 'summary')}
                  className="sm:col-span-2"
                />
                <div className="sm:col-span-2">
                  <EditableList
                    label="Tags"
                    itemName="tag"
                    items={topic.tags}
                    onAdd={(item) =>
                      void edit<NonFictionBookState>((d) => void d.researches.topics[index]?.tags.push(item))
                    }
                    onRemove={(tag) =>
                      void edit<NonFictionBookState>((d) => void d.researches.topics[index]?.tags.splice(tag, 1))
                    }
                  />
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {topics.length === 0 && <p className="text-sm text-stone-600">No research topics yet.</p>}
      <AddButton
        onClick={() => {
          setAdded(topics.length);
          void edit<NonFictionBookState>((d) => void d.researches.topics.push(newTopic()));
        }}
      >
        Add topic
      </AddButton>
    </div>
  );
}

/** contentOutline: structure, sections (title, objective) and their chapters (title, summary, key points). */
export function ContentTab({ state, edit }: NonFiction) {
  const [added, setAdded] = useState<string>();
  const outline = state.contentOutline;
  const setSection = (section: number, field: 'title' | 'objective') => (value: string) =>
    void edit<NonFictionBookState>((d) => {
      const target = d.contentOutline.sections[section];
      if (target) target[field] = value;
    });
  const setChapter = (section: number, chapter: number, field: 'title' | 'summary') => (value: string) =>
    void edit<NonFictionBookState>((d) => {
      const target = d.contentOutline.sections[section]?.chapters[chapter];
      if (target) target[field] = value;
    });

  return (
    <div className="space-y-8">
      <Card title="Structure">
        <EditableText
          label="How the book is organised"
          multiline
          value={outline.structure}
          onCommit={(value) => void edit<NonFictionBookState>((d) => void (d.contentOutline.structure = value))}
        />
      </Card>
      {outline.sections.map((section, sectionIndex) => (
        <Card key={sectionIndex} title={`Section ${section.sectionNumber}${section.title ? `: ${section.title}` : ''}`}>
          <div className="grid gap-4 sm:grid-cols-2">
            <EditableText label="Section title" value={section.title} onCommit={setSection(sectionIndex, 'title')} />
            <EditableText
              label="Objective"
              multiline
              rows={2}
              value={section.objective}
              onCommit={setSection(sectionIndex, 'objective')}
            />
          </div>
          <ol className="mt-6 space-y-4">
            {section.chapters.map((chapter, chapterIndex) => (
              <li key={chapterIndex} data-testid="chapter">
                <ChapterCard
                  headingId={`section-${sectionIndex}-chapter-${chapterIndex}`}
                  chapterNumber={chapter.chapterNumber}
                  title={chapter.title}
                  onRemove={() =>
                    void edit<NonFictionBookState>((d) => {
                      d.contentOutline.sections[sectionIndex]?.chapters.splice(chapterIndex, 1);
                      renumberContent(d);
                    })
                  }
                >
                  <div className="grid gap-4">
                    <EditableText
                      label="Title"
                      value={chapter.title}
                      onCommit={setChapter(sectionIndex, chapterIndex, 'title')}
                      autoFocus={added === `${sectionIndex}:${chapterIndex}`}
                    />
                    <EditableText
                      label="Summary"
                      multiline
                      value={chapter.summary}
                      onCommit={setChapter(sectionIndex, chapterIndex, 'summary')}
                    />
                    <EditableList
                      label="Key points"
                      itemName="key point"
                      variant="lines"
                      items={chapter.keyPoints}
                      onAdd={(item) =>
                        void edit<NonFictionBookState>(
                          (d) =>
                            void d.contentOutline.sections[sectionIndex]?.chapters[chapterIndex]?.keyPoints.push(item),
                        )
                      }
                      onRemove={(point) =>
                        void edit<NonFictionBookState>(
                          (d) =>
                            void d.contentOutline.sections[sectionIndex]?.chapters[chapterIndex]?.keyPoints.splice(
                              point,
                              1,
                            ),
                        )
                      }
                    />
                  </div>
                </ChapterCard>
              </li>
            ))}
          </ol>
          <div className="mt-4">
            <AddButton
              onClick={() => {
                setAdded(`${sectionIndex}:${section.chapters.length}`);
                void edit<NonFictionBookState>((d) => {
                  d.contentOutline.sections[sectionIndex]?.chapters.push(newContentChapter());
                  renumberContent(d);
                });
              }}
            >
              Add chapter to Section {section.sectionNumber}
            </AddButton>
          </div>
        </Card>
      ))}
    </div>
  );
}
