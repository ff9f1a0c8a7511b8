import { collabCloseCodes, type CollabCloseReason } from '@bookwright/contracts/http';

/**
 * What a hook throws (or a connection is closed with) to end a live connection with a reason the browser
 * acts on (contracts' collabCloseReasons). Hocuspocus reads `code` and `reason` from what is thrown; with
 * no `message` it logs nothing of its own (the collab service logs its refusals itself).
 */
export interface CloseWith {
  code: number;
  reason: CollabCloseReason;
}

export const closeWith = (reason: CollabCloseReason): CloseWith => ({ code: collabCloseCodes[reason], reason });
