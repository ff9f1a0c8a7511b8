import { useState } from 'react';
import type { Seats } from '@bookwright/contracts/http';
import { Button } from '../../../components/ui';
import { Panel } from '../../settings/tabs/Panel';
import { workspaceTexts as texts } from '../texts';
import { ChangeSeatsDialog } from './ChangeSeatsDialog';

/** "n seats used of N", and for an admin the way to change the seat count (priced before it is confirmed). */
export function SeatsPanel({ workspaceId, seats, manages }: { workspaceId: string; seats: Seats; manages: boolean }) {
  const [changing, setChanging] = useState(false);
  const share = seats.limit > 0 ? Math.min(100, (seats.used / seats.limit) * 100) : 100;
  return (
    <Panel
      title={texts.seatsTitle}
      description={texts.seatsHint}
      actions={
        manages && (
          <Button type="button" variant="secondary" onClick={() => setChanging(true)}>
            {texts.changeSeats}
          </Button>
        )
      }
    >
      <p data-testid="seats-used" className="text-sm font-semibold text-ink-950">
        {texts.seatsUsed(seats.used, seats.limit)}
      </p>
      <div className="mt-2 h-2 overflow-hidden rounded-full bg-stone-100" aria-hidden="true">
        <div
          className={`h-full rounded-full ${seats.used >= seats.limit ? 'bg-amber-500' : 'bg-ink-700'}`}
          style={{ width: `${share}%` }}
        />
      </div>
      {manages && (
        <ChangeSeatsDialog workspaceId={workspaceId} seats={seats} open={changing} onClose={() => setChanging(false)} />
      )}
    </Panel>
  );
}
