import type { ReactNode } from 'react';
import type { BookState } from '@bookwright/contracts/http';
import { isFictionState } from '@bookwright/contracts/http';
import { EditableList, EditableText } from './fields';
import type { Edit } from './types';

const emptyWorld = { setting: '', timePeriod: '', culturalContext: '', uniqueElements: [] as string[] };

/** expandedIdea: the shared fields, plus world building and narrative style (fiction) or topics and objectives. */
export function ConceptTab({ state, edit }: { state: BookState; edit: Edit }) {
  const idea = state.expandedIdea;
  const fiction = isFictionState(state);
  const world = idea.worldBuilding ?? emptyWorld;
  return (
    <div className="space-y-8">
      <Card title="The idea">
        <div className="grid gap-5 sm:grid-cols-2">
          <EditableText
            label="Sub-genre"
            value={idea.subGenre}
            onCommit={(v) => void edit((d) => void (d.expandedIdea.subGenre = v))}
          />
          <EditableText
            label="Emotional tone"
            value={idea.emotionalTone}
            onCommit={(v) => void edit((d) => void (d.expandedIdea.emotionalTone = v))}
          />
          <EditableText
            label="Central conflict"
            multiline
            value={idea.centralConflict}
            onCommit={(v) => void edit((d) => void (d.expandedIdea.centralConflict = v))}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <EditableList
              label="Themes"
              itemName="theme"
              items={idea.themes}
              onAdd={(item) => void edit((d) => void d.expandedIdea.themes.push(item))}
              onRemove={(index) => void edit((d) => void d.expandedIdea.themes.splice(index, 1))}
            />
          </div>
          {fiction && (
            <EditableText
              label="Narrative style"
              multiline
              rows={2}
              value={idea.narrativeStyle ?? ''}
              onCommit={(v) => void edit((d) => void (d.expandedIdea.narrativeStyle = v))}
              className="sm:col-span-2"
            />
          )}
        </div>
      </Card>

      {fiction ? (
        <Card title="World building">
          <div className="grid gap-5 sm:grid-cols-2">
            <EditableText
              label="Setting"
              multiline
              rows={2}
              value={world.setting}
              onCommit={(v) =>
                void edit((d) => void ((d.expandedIdea.worldBuilding ??= { ...emptyWorld }).setting = v))
              }
            />
            <EditableText
              label="Time period"
              multiline
              rows={2}
              value={world.timePeriod}
              onCommit={(v) =>
                void edit((d) => void ((d.expandedIdea.worldBuilding ??= { ...emptyWorld }).timePeriod = v))
              }
            />
            <EditableText
              label="Cultural context"
              multiline
              rows={2}
              value={world.culturalContext}
              onCommit={(v) =>
                void edit((d) => void ((d.expandedIdea.worldBuilding ??= { ...emptyWorld }).culturalContext = v))
              }
              className="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <EditableList
                label="Unique elements"
                itemName="unique element"
                items={world.uniqueElements}
                onAdd={(item) =>
                  void edit((d) => void (d.expandedIdea.worldBuilding ??= { ...emptyWorld }).uniqueElements.push(item))
                }
                onRemove={(index) =>
                  void edit((d) => void d.expandedIdea.worldBuilding?.uniqueElements.splice(index, 1))
                }
              />
            </div>
          </div>
        </Card>
      ) : (
        <Card title="What readers take away">
          <div className="grid gap-6">
            <EditableList
              label="Key topics"
              itemName="key topic"
              items={idea.keyTopics ?? []}
              onAdd={(item) => void edit((d) => void (d.expandedIdea.keyTopics ??= []).push(item))}
              onRemove={(index) => void edit((d) => void d.expandedIdea.keyTopics?.splice(index, 1))}
            />
            <EditableList
              label="Learning objectives"
              itemName="learning objective"
              variant="lines"
              items={idea.learningObjectives ?? []}
              onAdd={(item) => void edit((d) => void (d.expandedIdea.learningObjectives ??= []).push(item))}
              onRemove={(index) => void edit((d) => void d.expandedIdea.learningObjectives?.splice(index, 1))}
            />
          </div>
        </Card>
      )}
    </div>
  );
}

export function Card({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="mb-5 flex items-center justify-between gap-3">
        <h2 className="font-display text-xl font-semibold text-ink-950">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
