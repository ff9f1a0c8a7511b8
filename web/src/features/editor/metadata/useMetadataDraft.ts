import { useState } from 'react';
import type { Book } from '@bookwright/contracts/http';
import { useCurrentUserQuery } from '../../auth/authApi';
import { metadataDraftOf, startingAuthor } from './metadataDraft';

/**
 * The editor page's metadata draft, started from the saved details with an empty author prefilled from the
 * account (startingAuthor). The app shell renders only once the current user is read, so the name is there
 * when the draft starts; clearing the field afterwards is the author's choice and is kept.
 */
export function useMetadataDraft(book: Book) {
  const { data: user } = useCurrentUserQuery();
  return useState(() => metadataDraftOf(book, startingAuthor(book, user)));
}
