import { useState } from 'react';
import type { FictionBookState } from '@bookwright/contracts/http';
import { Card } from './ConceptTab';
import { ChapterCard } from './ChapterCard';
import { AddButton, RemoveButton } from './list-buttons';
import { EditableText } from './fields';
import { newCharacter, newPlotChapter, renumberPlot } from './structure';
import type { Edit } from './types';

type Fiction = { state: FictionBookState; edit: Edit };

/** characters: name, role, arc, personality, backstory; characters can be added and removed. */
export function CharactersTab({ state, edit }: Fiction) {
  const [added, setAdded] = useState<number>();
  const set = (index: number, field: 'name' | 'role' | 'arc' | 'personality' | 'backstory') => (value: string) =>
    void edit<FictionBookState>((d) => {
      const character = d.characters[index];
      if (character) character[field] = value;
    });

  return (
    <div className="space-y-5">
      <ul className="grid gap-5 lg:grid-cols-2">
        {state.characters.map((character, index) => (
          <li key={index} data-testid="character">
            <div
              role="group"
              aria-labelledby={`character-${index}`}
              className="h-full rounded-2xl border border-stone-200 bg-white p-5 shadow-xs"
            >
              <div className="mb-4 flex items-center justify-between gap-3">
                <h3 id={`character-${index}`} className="font-display text-lg font-semibold text-ink-950">
                  {character.name || `Character ${index + 1}`}
                </h3>
                <RemoveButton
                  label={`Remove character ${character.name || index + 1}`}
                  onClick={() => void edit<FictionBookState>((d) => void d.characters.splice(index, 1))}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <EditableText
                  label="Name"
                  value={character.name}
                  onCommit={set(index, 'name')}
                  autoFocus={added === index}
                />
                <EditableText label="Role" value={character.role} onCommit={set(index, 'role')} />
                <EditableText label="Arc" value={character.arc} onCommit={set(index, 'arc')} />
                <EditableText label="Personality" value={character.personality} onCommit={set(index, 'personality')} />
                <EditableText
                  label="Backstory"
                  multiline
                  value={character.backstory}
                  onCommit={set(index, 'backstory')}
                  className="sm:col-span-2"
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
      {state.characters.length === 0 && <p className="text-sm text-stone-600">No characters yet.</p>}
      <AddButton
        onClick={() => {
          setAdded(state.characters.length);
          void edit<FictionBookState>((d) => void d.characters.push(newCharacter()));
        }}
      >
        Add character
      </AddButton>
    </div>
  );
}

/** plotOutline.acts: act description and chapters (title, purpose, summary); chapters can be added and removed. */
export function PlotTab({ state, edit }: Fiction) {
  const [added, setAdded] = useState<string>();
  const setChapter = (act: number, chapter: number, field: 'title' | 'purpose' | 'summary') => (value: string) =>
    void edit<FictionBookState>((d) => {
      const target = d.plotOutline.acts[act]?.chapters[chapter];
      if (target) target[field] = value;
    });

  return (
    <div className="space-y-8">
      {state.plotOutline.acts.map((act, actIndex) => (
        <Card key={actIndex} title={`Act ${act.actNumber}`}>
          <EditableText
            label="Description"
            multiline
            rows={2}
            value={act.description}
            onCommit={(value) =>
              void edit<FictionBookState>((d) => {
                const target = d.plotOutline.acts[actIndex];
                if (target) target.description = value;
              })
            }
          />
          <ol className="mt-6 space-y-4">
            {act.chapters.map((chapter, chapterIndex) => (
              <li key={chapterIndex} data-testid="chapter">
                <ChapterCard
                  headingId={`act-${actIndex}-chapter-${chapterIndex}`}
                  chapterNumber={chapter.chapterNumber}
                  title={chapter.title}
                  onRemove={() =>
                    void edit<FictionBookState>((d) => {
                      d.plotOutline.acts[actIndex]?.chapters.splice(chapterIndex, 1);
                      renumberPlot(d);
                    })
                  }
                >
                  <div className="grid gap-4 md:grid-cols-2">
                    <EditableText
                      label="Title"
                      value={chapter.title}
                      onCommit={setChapter(actIndex, chapterIndex, 'title')}
                      autoFocus={added === `${actIndex}:${chapterIndex}`}
                      className="md:col-span-2"
                    />
                    <EditableText
                      label="Purpose"
                      multiline
                      rows={2}
                      value={chapter.purpose}
                      onCommit={setChapter(actIndex, chapterIndex, 'purpose')}
                    />
                    <EditableText
                      label="Summary"
                      multiline
                      value={chapter.summary}
                      onCommit={setChapter(actIndex, chapterIndex, 'summary')}
                    />
                  </div>
                </ChapterCard>
              </li>
            ))}
          </ol>
          <div className="mt-4">
            <AddButton
              onClick={() => {
                setAdded(`${actIndex}:${act.chapters.length}`);
                void edit<FictionBookState>((d) => {
                  d.plotOutline.acts[actIndex]?.chapters.push(newPlotChapter());
                  renumberPlot(d);
                });
              }}
            >
              Add chapter to Act {act.actNumber}
            </AddButton>
          </div>
        </Card>
      ))}
    </div>
  );
}
