/**
 * The roles a form offers and the words for each: one set for a book's people (co-author … viewer), one for
 * a workspace's (admin, member). `labels` also names the owner, who is shown but never offered.
 */
export interface RoleChoices<R extends string> {
  roles: readonly R[];
  labels: Readonly<Record<R | 'owner', string>>;
  descriptions: Readonly<Record<R, string>>;
}
