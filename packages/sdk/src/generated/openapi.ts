/**
 * Generated from docs/api/openapi.json by openapi-typescript: do not edit by hand.
 * Regenerate with `npm run generate -w @bookwright/sdk` after `npm run openapi`;
 * packages/sdk/src/generated/openapi-types.test.ts fails while this file and the document differ.
 */
export type paths = {
  '/api/v1/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness of the gateway and every service */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/health/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness */
    get: operations['getLiveness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/sign-up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create an account and sign in */
    post: operations['signUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in */
    post: operations['login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sign out (revokes the session) */
    get: operations['logout'];
    put?: never;
    /** Sign out (revokes the session) */
    post: operations['logoutByPost'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/providers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The identity provider offered on the login and signup pages, if any */
    get: operations['listAuthProviders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/oidc/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Start sign-in at the identity provider (redirects there); ?accountType=starter|professional from the signup page */
    get: operations['startOidcLogin'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/auth/oidc/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the identity provider sends the browser back: signs in and redirects into the app */
    get: operations['finishOidcLogin'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/user/current-user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user */
    get: operations['getCurrentUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/user/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change the password (signs out every other session) */
    patch: operations['changePassword'];
    trace?: never;
  };
  '/api/v1/user/forgot-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mail a password reset link */
    post: operations['forgotPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/user/reset-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set a new password from a reset link */
    post: operations['resetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's books, newest first */
    get: operations['listBooks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One book with its plan and manuscript
     * @description Answers the header ETag (the same value as the etag field): send it back as If-Match to save only if nobody changed the book since, or as If-None-Match to be answered 304 with no body while it is still current (only for your own book that nobody else is on). live says whether anyone besides its owner is on the book, so that it opens live.
     */
    get: operations['getBook'];
    put?: never;
    post?: never;
    /** Move a book to the trash (any status: planning, writing or translating stops there) */
    delete: operations['trashBook'];
    options?: never;
    head?: never;
    /** Save the whole structure (newBookState) or apply a cover (coverImage) */
    patch: operations['updateBook'];
    trace?: never;
  };
  '/api/v1/book/content/{bookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Save the manuscript (tiptap JSON), whole or only the chapters that changed
     * @description With If-Match (the ETag of GET /book/{id}) the save happens only if the book is still at that version: else 412 with the current etag and updatedAt, and nothing is stored. Without it the last write wins. Answers the new ETag. With chapters (their places from 0 in the manuscript cut at its level-1 headings, each with all its nodes) only those chapters are replaced: If-Match is then required (428 without it), an unknown place is 400, and a book with no manuscript 409. Prefer: return=minimal answers only etag and updatedAt.
     */
    patch: operations['saveContent'];
    trace?: never;
  };
  '/api/v1/book/metadata/{bookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Save the publishing metadata
     * @description With If-Match (the ETag of GET /book/{id}) the save happens only if the book is still at that version: else 412 with the current etag and updatedAt, and nothing is stored. Without it the last write wins. Answers the new ETag.
     */
    patch: operations['saveMetadata'];
    trace?: never;
  };
  '/api/v1/book/{bookId}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Retry the step that failed (planning or writing) */
    post: operations['retryBook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/images/{imageId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An image inside a book's chapters (PNG or JPEG), for anyone who may read the book */
    get: operations['getBookImage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/trash': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's books in the trash, most recently trashed first, with deletedAt and purgeAt */
    get: operations['listTrash'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Take a book out of the trash, as it was */
    post: operations['restoreBook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/permanent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a book in the trash for good, with everything every service holds of it */
    delete: operations['deleteBookForever'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Find words in the titles and manuscripts of the books in your library
     * @description Case and accents do not count ("Zoe" finds "Zoë"). Looks in the books GET /book lists (none in the trash); per book the title's match and a passage from each of the first 3 chapters that mention it, at most 20 books. 400 for an empty query or one over 100 characters.
     */
    get: operations['searchBooks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The people on a book (its owner first) and, for the owner, the invitations not accepted yet */
    get: operations['listMembers'];
    put?: never;
    /**
     * Invite someone to a book by email, with a role (the owner, on a Professional or Enterprise plan)
     * @description Mails a link to /invite/{token}, valid for 7 days, single-use and bound to the email; answers the invitation with that link. 402 on Starter or without a plan; 403 for anyone but the owner.
     */
    post: operations['inviteMember'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/members/{memberId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove someone from a book (the owner), or leave it (your own id)
     * @description Takes effect on their next request; their live event stream closes within seconds.
     */
    delete: operations['removeMember'];
    options?: never;
    head?: never;
    /** Change someone's role on a book (the owner) */
    patch: operations['changeMemberRole'];
    trace?: never;
  };
  '/api/v1/book/{bookId}/invitations/{invitationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke an invitation not accepted yet (the owner); its links stop working */
    delete: operations['revokeInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/invitations/{invitationId}/link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new link to a pending invitation, to copy (the mailed link keeps working) */
    post: operations['createInvitationLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invitations/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who invited whom to what (no sign-in needed: the link is the proof) */
    get: operations['getInvitation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/invitations/{token}/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation as the signed-in person, whose email must be the invited one
     * @description 403 naming the invited email when signed in as someone else; 410 when it expired; 409 when someone already accepted it.
     */
    post: operations['acceptInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/collab-token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A short-lived token to open the book's live document (WebSocket /collab)
     * @description For anyone who may read the book (404 otherwise): the token names the person, the book and their role, and is good for 5 minutes. Connect a HocuspocusProvider to `url` with `documentName` and this token; before expiresAt the server asks for a fresh one on the open socket (the provider calls its token function again: no reconnect). Viewers and commenters get a read-only connection.
     */
    post: operations['createCollabToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The workspaces you belong to, with your role and the seats */
    get: operations['listWorkspaces'];
    put?: never;
    /**
     * Create your team workspace (Enterprise): you are its owner
     * @description 402 on other plans; 409 when you own one already (an Enterprise plan pays for one).
     */
    post: operations['createWorkspace'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{workspaceId}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A workspace's people and seats; its pending invitations for admins */
    get: operations['listWorkspaceMembers'];
    put?: never;
    /**
     * Invite someone to a workspace by email, as admin or member (admins)
     * @description The invitation takes a seat until accepted, revoked or expired: 402 naming the limit when none is free.
     */
    post: operations['inviteWorkspaceMember'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{workspaceId}/members/{memberId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove someone from a workspace (admins), or leave it (your own id); never the owner
     * @description Takes effect on their next request about its books; their live event stream closes within seconds.
     */
    delete: operations['removeWorkspaceMember'];
    options?: never;
    head?: never;
    /** Make someone an admin or a member (admins; never the owner's role) */
    patch: operations['changeWorkspaceMemberRole'];
    trace?: never;
  };
  '/api/v1/workspaces/{workspaceId}/invitations/{invitationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a pending invitation (admins); its seat is free again */
    delete: operations['revokeWorkspaceInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{workspaceId}/invitations/{invitationId}/link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new link to a pending invitation, to copy (admins) */
    post: operations['createWorkspaceInvitationLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{workspaceId}/seats/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What a new seat count would cost now and monthly (admins); changes nothing */
    get: operations['previewWorkspaceSeats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{workspaceId}/seats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set the seat count (admins): the subscription follows it, prorated
     * @description 409 below the number of members.
     */
    put: operations['changeWorkspaceSeats'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/workspaces/{workspaceId}/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A workspace's audit log, newest first (admins)
     * @description Invitations, joins, role changes, removals, seats, and books created, moved and deleted: who did each and when.
     */
    get: operations['listWorkspaceAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/move': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move a book into a workspace you belong to (the book's owner)
     * @description From then on it is the workspace's: every member sees it and its owner pays for its AI work.
     */
    post: operations['moveBook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your API tokens that are not revoked, without their secrets */
    get: operations['listApiTokens'];
    put?: never;
    /**
     * Create a personal API token (Enterprise): the secret is in this answer only
     * @description Use it as `Authorization: Bearer <token>` on /api/v1, with the scopes given here (they narrow what your role allows, never widen it). 402 on other plans. Only a signed-in browser may create one.
     */
    post: operations['createApiToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/tokens/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke one of your API tokens: it answers 401 from the next request on */
    delete: operations['revokeApiToken'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your webhook endpoints, without their secrets */
    get: operations['listWebhooks'];
    put?: never;
    /**
     * Create a webhook endpoint (Enterprise): the signing secret is in this answer only
     * @description The endpoint receives the chosen events of the books you may read, as `{id, type, createdAt, data}` signed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). The URL must be https and reach a public address. 402 on other plans.
     */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete an endpoint and its deliveries */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /** Change an endpoint's URL, events or description, or enable or pause it */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/api/v1/webhooks/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new signing secret, shown once; the old one keeps signing beside it for 24 hours */
    post: operations['rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a webhook.test event to the endpoint */
    post: operations['testWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An endpoint's latest deliveries, each with its attempts, status codes and times */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a delivery again now, with the same webhook-id */
    post: operations['redeliverWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/comments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A book's comment threads, oldest first, each with its replies (anyone on the book)
     * @description onDeletedText is true when the quoted text is no longer in its chapter of the stored book: the thread is kept, shown "on deleted text".
     */
    get: operations['listComments'];
    put?: never;
    /**
     * Comment on a passage of a chapter: opens a thread (owner, co-authors, editors, commenters)
     * @description The anchor is a W3C TextQuoteSelector (quote, prefix, suffix) with the chapter (from 1, cut at level-1 headings); the quote must be in that chapter now (400 otherwise; whitespace is not compared). @Full Name or @emailname in the body mentions a member of the book, who is mailed. Viewers are refused (403).
     */
    post: operations['createComment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/comments/{commentId}/replies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reply in a thread (a reply to a reply joins the same thread)
     * @description Everyone else who wrote in the thread, and the members the reply mentions, are mailed (at most one mail per person and book every 10 minutes; Settings can turn it off).
     */
    post: operations['createCommentReply'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/comments/{commentId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a comment (its author): a thread goes with its replies; a reply goes alone */
    delete: operations['deleteComment'];
    options?: never;
    head?: never;
    /**
     * Edit a comment or a reply (its author), or resolve and reopen a thread (the owner and co-authors)
     * @description `commentId` is a thread's id or a reply's: a reply is edited (and deleted) by the same routes. `body` is changed by its author only (403 for anyone else); `resolved` applies to a thread only (400 for a reply) and is for the owner and co-authors (403 "Editors can't resolve comments"). Answers the whole thread.
     */
    patch: operations['updateComment'];
    trace?: never;
  };
  '/api/v1/agent/plan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Plan a new book (uses one book of the monthly allowance) */
    post: operations['planBook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/agent/write/{bookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Confirm the structure and start writing */
    patch: operations['confirmBook'];
    trace?: never;
  };
  '/api/v1/payment/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The monthly price of each plan and who takes the payment (public) */
    get: operations['listPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/contact-sales': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mail an Enterprise enquiry to sales (public) */
    post: operations['contactSales'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The payment provider's webhook (signed; no session, no CSRF token) */
    post: operations['handleBillingWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start paying for a plan, or switch plans; answers the URL to open */
    post: operations['startCheckout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** What switching to another plan costs now and monthly, before it happens */
    post: operations['previewPlanSwitch'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment/billing-details': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Set the Italian SDI code printed on invoices; answers the User */
    patch: operations['updateBillingDetails'];
    trace?: never;
  };
  '/api/v1/payment/update': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Open the payment provider's billing portal; answers the URL to open */
    post: operations['openBillingPortal'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel the plan at the end of its period */
    post: operations['cancelPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment/keep-plan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Keep the plan: undo a cancellation at period end */
    post: operations['keepPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment/invoices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's invoices, newest first */
    get: operations['listInvoices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/user/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Download all your data: a zip (streamed) with account.json and, per book, book.json, manuscript.md, manuscript.json, comments.json, covers, the images inside the chapters and named versions */
    get: operations['exportUserData'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Live book updates (text/event-stream) */
    get: operations['streamBookEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/validate-export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Check a book against a format and platform */
    post: operations['validateExport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/export/{bookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Export as EPUB, KDP interior PDF, KDP cover PDF, a ZIP of both, or a Word document with the review (a file download) */
    post: operations['exportBook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/user/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete the account and everything of it ({password}, or {email} without a password) */
    delete: operations['deleteAccount'];
    options?: never;
    head?: never;
    /** Update the account (multipart; optional "image" file becomes the avatar) */
    patch: operations['updateAccount'];
    trace?: never;
  };
  '/api/v1/user/{id}/mail-settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Which mails the account gets: mailAboutComments (mentions and replies, on by default) */
    patch: operations['updateMailSettings'];
    trace?: never;
  };
  '/api/v1/user/{id}/avatar/{avatarId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user's avatar */
    get: operations['getAvatar'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/upload-cover/{bookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Upload a cover image (multipart field "image", PNG/JPG/WebP up to 10 MB) */
    post: operations['uploadCover'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/cover/{bookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Generate a cover (one from the monthly allowance); answers the image */
    post: operations['generateCover'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/cover-image/{coverId}/{variant}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A cover image of one of the user's books */
    get: operations['getCoverImage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/images': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add an image for a chapter (multipart field "file", PNG/JPG/WebP up to 10 MB), for whoever may edit the text; answers the src of the image node to insert */
    post: operations['uploadBookImage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Import a manuscript as a new book (multipart field "file": Word .docx, Markdown, EPUB or plain text, up to 50 MB); the book is ready at once and does not count against the month’s books */
    post: operations['importBook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Bring an edited Word file (.docx, multipart field "file", up to 50 MB) back into its book: the manuscript is kept as the revision "Before import", the chapters replaced under If-Match (412 when stale), Word’s tracked changes become suggestions and its comments comment threads */
    post: operations['reimportManuscript'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/revisions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The manuscript’s saved revisions, newest first */
    get: operations['listRevisions'];
    put?: never;
    /** Save a version for good, with an optional name: the current manuscript, or the bookContent sent (the manuscript is then left as it is) */
    post: operations['saveRevision'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/revisions/{revisionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One revision with its text (tiptap JSON) */
    get: operations['getRevision'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/revisions/{revisionId}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Make a revision the manuscript again (the manuscript it replaces is kept as a revision first, so it can be undone) */
    post: operations['restoreRevision'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/metadata/suggest': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Suggest description, keywords, categories and subtitle with AI (saves nothing) */
    post: operations['suggestMetadata'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/translation-title': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Suggest the title of the book's translation into a language: the AI model's, or the original's title with the language named (saves nothing) */
    post: operations['suggestTranslationTitle'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/translate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Translate a ready book into another language (uses one translation of the monthly allowance): answers the new book, which translates in the background */
    post: operations['translateBook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/book/{bookId}/rewrite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rewrite a passage with AI: the replacement streams as text/event-stream (delta…, done | error) */
    post: operations['rewritePassage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
};
export type webhooks = Record<string, never>;
export type components = {
  schemas: {
    CommentAnchorInput: {
      /** @description The chapter, from 1, as the manuscript is cut at its level-1 headings */
      chapter: number;
      /** @description The exact text commented on; it must be in the chapter when the comment is made */
      quote: string;
      /** @description Up to 64 characters just before the quote */
      prefix?: string;
      /** @description Up to 64 characters just after the quote */
      suffix?: string;
      /** @description The id of the comment mark the live editor puts on the text, when it made one */
      markId?: string;
    };
    Book: {
      _id: string;
      title: string;
      subtitle: string | null;
      /** @enum {string} */
      status: 'planning' | 'validation' | 'writing' | 'translating' | 'ready' | 'failed';
      /** @enum {string} */
      genre:
        | 'fiction'
        | 'science fiction'
        | 'fantasy'
        | 'mystery'
        | 'magical realism'
        | 'adventure'
        | 'young adult'
        | 'romance'
        | 'thriller'
        | 'horror'
        | 'historical fiction'
        | 'modern realism'
        | 'dystopic'
        | 'non-fiction'
        | 'self-help'
        | 'business'
        | 'biography'
        | 'history'
        | 'science'
        | 'economics'
        | 'cooking'
        | 'travel'
        | 'health'
        | 'philosophy'
        | 'education'
        | 'technology';
      /** @enum {string} */
      bookType: 'fiction' | 'non-fiction';
      /** @enum {string} */
      language:
        | 'albanian'
        | 'croatian'
        | 'czech'
        | 'danish'
        | 'dutch'
        | 'english'
        | 'estonian'
        | 'finnish'
        | 'french'
        | 'german'
        | 'hungarian'
        | 'italian'
        | 'latvian'
        | 'lithuanian'
        | 'norwegian'
        | 'polish'
        | 'portuguese'
        | 'romanian'
        | 'slovak'
        | 'slovenian'
        | 'spanish'
        | 'swedish'
        | 'turkish';
      targetAudience: string;
      /** @enum {string} */
      size: 'short' | 'long';
      coverImage: string | null;
      author: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      failure: {
        /** @enum {string} */
        step: 'planning' | 'writing' | 'translating';
        reason: string;
        at: string;
      } | null;
      progress: {
        chaptersWritten: number;
        chaptersTotal: number;
      } | null;
      translation: {
        sourceBookId: string;
        sourceTitle: string;
        /** @enum {string} */
        sourceLanguage:
          | 'albanian'
          | 'croatian'
          | 'czech'
          | 'danish'
          | 'dutch'
          | 'english'
          | 'estonian'
          | 'finnish'
          | 'french'
          | 'german'
          | 'hungarian'
          | 'italian'
          | 'latvian'
          | 'lithuanian'
          | 'norwegian'
          | 'polish'
          | 'portuguese'
          | 'romanian'
          | 'slovak'
          | 'slovenian'
          | 'spanish'
          | 'swedish'
          | 'turkish';
      } | null;
      /**
       * @description Your role on the book: owner for your own books
       * @enum {string}
       */
      role: 'owner' | 'coauthor' | 'editor' | 'commenter' | 'viewer';
      /** @description A book shared with you: its owner's name (absent on your own books) */
      ownerName?: string;
      /** @description A team workspace's book: the workspace it belongs to */
      workspaceId?: string;
      prompt: string;
      bookState: components['schemas']['BookState'] | null;
      identifier: string | null;
      languageMetadata:
        | (
            | 'sq'
            | 'hr'
            | 'cs'
            | 'da'
            | 'nl'
            | 'en'
            | 'et'
            | 'fi'
            | 'fr'
            | 'de'
            | 'hu'
            | 'it'
            | 'lv'
            | 'lt'
            | 'no'
            | 'pl'
            | 'pt'
            | 'ro'
            | 'sk'
            | 'sl'
            | 'es'
            | 'sv'
            | 'tr'
          )
        | null;
      genreMetadata: string;
      publisher: string | null;
      description: string | null;
      keywords: string[];
      rights: string | null;
      publicationDate: string | null;
      isbn: string | null;
      bookContent: string | null;
      etag: string;
      /** @description GET /book/{id}: true when the book is shared (anyone besides its owner is on it: a share, or a team workspace with another member), so it opens live; absent on the answers of saves */
      live?: boolean;
    };
    BookSummary: {
      _id: string;
      title: string;
      subtitle: string | null;
      /** @enum {string} */
      status: 'planning' | 'validation' | 'writing' | 'translating' | 'ready' | 'failed';
      /** @enum {string} */
      genre:
        | 'fiction'
        | 'science fiction'
        | 'fantasy'
        | 'mystery'
        | 'magical realism'
        | 'adventure'
        | 'young adult'
        | 'romance'
        | 'thriller'
        | 'horror'
        | 'historical fiction'
        | 'modern realism'
        | 'dystopic'
        | 'non-fiction'
        | 'self-help'
        | 'business'
        | 'biography'
        | 'history'
        | 'science'
        | 'economics'
        | 'cooking'
        | 'travel'
        | 'health'
        | 'philosophy'
        | 'education'
        | 'technology';
      /** @enum {string} */
      bookType: 'fiction' | 'non-fiction';
      /** @enum {string} */
      language:
        | 'albanian'
        | 'croatian'
        | 'czech'
        | 'danish'
        | 'dutch'
        | 'english'
        | 'estonian'
        | 'finnish'
        | 'french'
        | 'german'
        | 'hungarian'
        | 'italian'
        | 'latvian'
        | 'lithuanian'
        | 'norwegian'
        | 'polish'
        | 'portuguese'
        | 'romanian'
        | 'slovak'
        | 'slovenian'
        | 'spanish'
        | 'swedish'
        | 'turkish';
      targetAudience: string;
      /** @enum {string} */
      size: 'short' | 'long';
      coverImage: string | null;
      author: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      failure: {
        /** @enum {string} */
        step: 'planning' | 'writing' | 'translating';
        reason: string;
        at: string;
      } | null;
      progress: {
        chaptersWritten: number;
        chaptersTotal: number;
      } | null;
      translation: {
        sourceBookId: string;
        sourceTitle: string;
        /** @enum {string} */
        sourceLanguage:
          | 'albanian'
          | 'croatian'
          | 'czech'
          | 'danish'
          | 'dutch'
          | 'english'
          | 'estonian'
          | 'finnish'
          | 'french'
          | 'german'
          | 'hungarian'
          | 'italian'
          | 'latvian'
          | 'lithuanian'
          | 'norwegian'
          | 'polish'
          | 'portuguese'
          | 'romanian'
          | 'slovak'
          | 'slovenian'
          | 'spanish'
          | 'swedish'
          | 'turkish';
      } | null;
      /**
       * @description Your role on the book: owner for your own books
       * @enum {string}
       */
      role: 'owner' | 'coauthor' | 'editor' | 'commenter' | 'viewer';
      /** @description A book shared with you: its owner's name (absent on your own books) */
      ownerName?: string;
      /** @description A team workspace's book: the workspace it belongs to */
      workspaceId?: string;
    };
    BookState:
      | {
          expandedIdea: {
            subGenre: string;
            emotionalTone: string;
            themes: string[];
            centralConflict: string;
            worldBuilding?: {
              setting: string;
              timePeriod: string;
              culturalContext: string;
              uniqueElements: string[];
            };
            narrativeStyle?: string;
            keyTopics?: string[];
            learningObjectives?: string[];
          };
          characters: {
            name: string;
            role: string;
            arc: string;
            personality: string;
            backstory: string;
          }[];
          plotOutline: {
            acts: {
              actNumber: number;
              description: string;
              chapters: {
                chapterNumber: number;
                title: string;
                purpose: string;
                summary: string;
              }[];
            }[];
          };
        }
      | {
          expandedIdea: {
            subGenre: string;
            emotionalTone: string;
            themes: string[];
            centralConflict: string;
            worldBuilding?: {
              setting: string;
              timePeriod: string;
              culturalContext: string;
              uniqueElements: string[];
            };
            narrativeStyle?: string;
            keyTopics?: string[];
            learningObjectives?: string[];
          };
          researches: {
            topics: {
              title: string;
              query: string;
              summary: string;
              tags: string[];
            }[];
          };
          contentOutline: {
            structure: string;
            sections: {
              sectionNumber: number;
              title: string;
              objective: string;
              chapters: {
                chapterNumber: number;
                title: string;
                summary: string;
                keyPoints: string[];
              }[];
            }[];
          };
        };
    TrashedBook: {
      _id: string;
      title: string;
      subtitle: string | null;
      /** @enum {string} */
      status: 'planning' | 'validation' | 'writing' | 'translating' | 'ready' | 'failed';
      /** @enum {string} */
      genre:
        | 'fiction'
        | 'science fiction'
        | 'fantasy'
        | 'mystery'
        | 'magical realism'
        | 'adventure'
        | 'young adult'
        | 'romance'
        | 'thriller'
        | 'horror'
        | 'historical fiction'
        | 'modern realism'
        | 'dystopic'
        | 'non-fiction'
        | 'self-help'
        | 'business'
        | 'biography'
        | 'history'
        | 'science'
        | 'economics'
        | 'cooking'
        | 'travel'
        | 'health'
        | 'philosophy'
        | 'education'
        | 'technology';
      /** @enum {string} */
      bookType: 'fiction' | 'non-fiction';
      /** @enum {string} */
      language:
        | 'albanian'
        | 'croatian'
        | 'czech'
        | 'danish'
        | 'dutch'
        | 'english'
        | 'estonian'
        | 'finnish'
        | 'french'
        | 'german'
        | 'hungarian'
        | 'italian'
        | 'latvian'
        | 'lithuanian'
        | 'norwegian'
        | 'polish'
        | 'portuguese'
        | 'romanian'
        | 'slovak'
        | 'slovenian'
        | 'spanish'
        | 'swedish'
        | 'turkish';
      targetAudience: string;
      /** @enum {string} */
      size: 'short' | 'long';
      coverImage: string | null;
      author: string | null;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      failure: {
        /** @enum {string} */
        step: 'planning' | 'writing' | 'translating';
        reason: string;
        at: string;
      } | null;
      progress: {
        chaptersWritten: number;
        chaptersTotal: number;
      } | null;
      translation: {
        sourceBookId: string;
        sourceTitle: string;
        /** @enum {string} */
        sourceLanguage:
          | 'albanian'
          | 'croatian'
          | 'czech'
          | 'danish'
          | 'dutch'
          | 'english'
          | 'estonian'
          | 'finnish'
          | 'french'
          | 'german'
          | 'hungarian'
          | 'italian'
          | 'latvian'
          | 'lithuanian'
          | 'norwegian'
          | 'polish'
          | 'portuguese'
          | 'romanian'
          | 'slovak'
          | 'slovenian'
          | 'spanish'
          | 'swedish'
          | 'turkish';
      } | null;
      /**
       * @description Your role on the book: owner for your own books
       * @enum {string}
       */
      role: 'owner' | 'coauthor' | 'editor' | 'commenter' | 'viewer';
      /** @description A book shared with you: its owner's name (absent on your own books) */
      ownerName?: string;
      /** @description A team workspace's book: the workspace it belongs to */
      workspaceId?: string;
      /**
       * Format: date-time
       * @description When the book was moved to the trash (ISO 8601)
       */
      deletedAt: string;
      /**
       * Format: date-time
       * @description When the book is deleted for good: 30 days after deletedAt (ISO 8601)
       */
      purgeAt: string;
    };
    StaleBook: {
      msg: string;
      etag: string;
      /** Format: date-time */
      updatedAt: string;
    };
    Revision: {
      id: string;
      /** Format: date-time */
      createdAt: string;
      wordCount: number;
      name: string | null;
      bookContent: string;
    };
    RevisionSummary: {
      id: string;
      /** Format: date-time */
      createdAt: string;
      wordCount: number;
      name: string | null;
    };
    User: {
      _id: string;
      firstName: string;
      lastName: string;
      /** Format: email */
      email: string;
      userName: string;
      admin: boolean;
      /** Format: date-time */
      createdAt: string;
      avatar: string | null;
      localCredentials?: boolean;
      mailAboutComments: boolean;
      /** @enum {string} */
      accountType: 'starter' | 'professional' | 'enterprise' | 'null';
      nextBillingDate: string | null;
      subscriptionStatus: string | null;
      stripeCustomerId: string | null;
      stripeSubscriptionId: string | null;
      billingAddress: string | null;
      billingCity: string | null;
      billingState: string | null;
      billingZip: string | null;
      billingPostalCode: string | null;
      billingCountry: string | null;
      companyName: string | null;
      vatNumber: string | null;
      sdi: string | null;
      booksLeftThisMonth: number | null;
      coversLeftThisMonth: number | null;
      translationsLeftThisMonth: number | null;
      cancelAtPeriodEnd: boolean;
      planEndsAt: string | null;
      billingPortal: boolean;
    };
    AuthSuccess: {
      msg: string;
      user: components['schemas']['User'];
    };
    AuthProviders: {
      data: {
        oidc: {
          name: string;
        } | null;
      };
    };
    PlanPrices: {
      /** @enum {string} */
      provider: 'local' | 'stripe';
      /** @constant */
      currency: 'eur';
      plans: {
        /** @enum {string} */
        accountType: 'starter' | 'professional';
        amount: number;
        label: string;
      }[];
    };
    Invoice: {
      id: string;
      number: string;
      date: string;
      periodStart: string | null;
      periodEnd: string | null;
      amount: number;
      status: string;
      hostedUrl: string | null;
      pdfUrl: string | null;
    };
    ExportValidation: {
      isValid: boolean;
      warnings: string[];
      suggestions: string[];
      pageCount: number;
      printPageCount: number | null;
      spineWidthIn: number | null;
      missingMetadata: ('title' | 'author' | 'identifier' | 'languageMetadata')[];
      /** @default [] */
      missingGlyphs: string[];
      /** @default 0 */
      openSuggestions: number;
    };
    MetadataSuggestion: {
      description: unknown;
      keywords: unknown;
      categories: string[];
      subtitle: string;
    };
    Health: {
      /** @enum {string} */
      status: 'ok' | 'degraded';
      /** @enum {string} */
      mode: 'embedded' | 'distributed';
      checks: {
        [key: string]: 'ok' | 'down';
      };
      /** @enum {string} */
      llm: 'openai' | 'offline';
      llmSetup?: string;
    };
    CommentThread: {
      id: string;
      author: {
        id: string;
        name: string;
      };
      body: string;
      anchor: components['schemas']['CommentAnchor'];
      /** Format: date-time */
      createdAt: string;
      /**
       * Format: date-time
       * @description When its author last changed it; absent if never
       */
      editedAt?: string;
      resolved: boolean;
      /** @description Who resolved it, while it is resolved */
      resolvedBy?: {
        id: string;
        name: string;
      };
      /** Format: date-time */
      resolvedAt?: string;
      /** @description The quoted text is no longer in its chapter: the comment is kept, "on deleted text" */
      onDeletedText: boolean;
      replies: components['schemas']['CommentReply'][];
    };
    CommentReply: {
      id: string;
      author: {
        id: string;
        name: string;
      };
      body: string;
      /** Format: date-time */
      createdAt: string;
      /**
       * Format: date-time
       * @description When its author last changed it; absent if never
       */
      editedAt?: string;
    };
    CommentAnchor: {
      /** @description The chapter, from 1, as the manuscript is cut at its level-1 headings */
      chapter: number;
      /** @description The exact text commented on; it must be in the chapter when the comment is made */
      quote: string;
      /** @description Up to 64 characters just before the quote */
      prefix?: string;
      /** @description Up to 64 characters just after the quote */
      suffix?: string;
      /** @description The id of the comment mark the live editor puts on the text, when it made one */
      markId?: string;
    };
    Message: {
      msg: string;
    };
    /** @description An error: `msg` is the text to show, from the spec's catalogue; some errors add fields */
    Error: {
      msg: string;
    } & {
      [key: string]: unknown;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
    };
  };
  getLiveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ok';
          };
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signUp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          firstName: string;
          lastName: string;
          email: string;
          password: string;
          userName?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuthSuccess'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuthSuccess'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  logoutByPost: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAuthProviders: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuthProviders'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startOidcLogin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  finishOidcLogin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getCurrentUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changePassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          password: string;
          newPassword: string;
          confirmPassword: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  forgotPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
          newPassword: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listBooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BookSummary'][];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBook: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the copy the client holds: 304 with no body while the book is still at that version. */
        'if-none-match'?: string;
      };
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      /** @description The copy the client holds (If-None-Match) is current */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  trashBook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The book is already in the trash */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateBook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          newBookState?: unknown;
          coverImage?: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveContent: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag the book was read with (GET /book/{id} answers it): the save happens only if the book is still at that version, else 412. Without it, the last write wins. */
        'if-match'?: string;
        /** @description return=minimal: answer only the new etag and updatedAt (with Preference-Applied: return=minimal) instead of the whole book. */
        prefer?: string;
      };
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              bookContent:
                | string
                | {
                    [key: string]: unknown;
                  };
            }
          | {
              chapters: {
                /** @description The chapter's place in the manuscript, from 0 (chaptersOf) */
                index: number;
                /** @description The chapter's nodes (tiptap JSON), its level-1 heading first */
                content: {
                  [key: string]: unknown;
                }[];
              }[];
            };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | components['schemas']['Book']
            | {
                etag: string;
                /** Format: date-time */
                updatedAt: string;
              };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Chapters sent for a book with no manuscript */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The resource changed since the version in If-Match */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StaleBook'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Chapters sent without If-Match (a partial save must name the version it changes) */
      428: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveMetadata: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag the book was read with (GET /book/{id} answers it): the save happens only if the book is still at that version, else 412. Without it, the last write wins. */
        'if-match'?: string;
      };
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          author: string;
          identifier: string;
          /** @enum {string} */
          languageMetadata:
            | 'sq'
            | 'hr'
            | 'cs'
            | 'da'
            | 'nl'
            | 'en'
            | 'et'
            | 'fi'
            | 'fr'
            | 'de'
            | 'hu'
            | 'it'
            | 'lv'
            | 'lt'
            | 'no'
            | 'pl'
            | 'pt'
            | 'ro'
            | 'sk'
            | 'sl'
            | 'es'
            | 'sv'
            | 'tr';
          genreMetadata?: string | null;
          publisher?: string | null;
          description?: string | null;
          keywords?: string[] | string;
          rights?: string | null;
          publicationDate?: string | null;
          isbn?: string | null;
          subtitle?: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The resource changed since the version in If-Match */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StaleBook'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  retryBook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Nothing failed that could be retried */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBookImage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        imageId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/png': string;
          'image/jpeg': string;
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTrash: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TrashedBook'][];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  restoreBook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The book is not in the trash */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteBookForever: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The book is not in the trash */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  searchBooks: {
    parameters: {
      query: {
        /** @description The words to find, 1–100 characters; case and accents do not count */
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Books whose title matches first, then by how many chapters mention the query, then newest first */
            results: {
              bookId: string;
              title: string;
              /** @enum {string} */
              status: 'planning' | 'validation' | 'writing' | 'translating' | 'ready' | 'failed';
              workspaceId?: string;
              /** @description Where the title matches; null when only the manuscript does */
              titleMatch: {
                start: number;
                end: number;
              } | null;
              /** @description How many chapters mention the query */
              chapterMatches: number;
              /** @description The first 3 chapters that mention it, one passage each */
              matches: {
                start: number;
                end: number;
                /** @description The chapter, from 0 in reading order (as a partial save names it) */
                chapter: number;
                /** @description The chapter's heading; null for the text before the first one */
                chapterTitle: string | null;
                /** @description The text around the match; start and end are offsets in it */
                passage: string;
              }[];
            }[];
            /** @description More than 20 books matched */
            truncated: boolean;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listMembers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            members: {
              id: string;
              name: string;
              /** Format: email */
              email: string;
              /**
               * @description Your role on the book: owner for your own books
               * @enum {string}
               */
              role: 'owner' | 'coauthor' | 'editor' | 'commenter' | 'viewer';
            }[];
            invitations: {
              id: string;
              /** Format: email */
              email: string;
              /** @enum {string} */
              role: 'coauthor' | 'editor' | 'commenter' | 'viewer';
              /** Format: date-time */
              expiresAt: string;
              /** Format: date-time */
              createdAt: string;
            }[];
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  inviteMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          /** @enum {string} */
          role: 'coauthor' | 'editor' | 'commenter' | 'viewer';
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: 'coauthor' | 'editor' | 'commenter' | 'viewer';
            /** Format: date-time */
            expiresAt: string;
            /** Format: date-time */
            createdAt: string;
            /** @description The path of the invitation page, /invite/{token}: the secret, shown only in this answer */
            link: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        memberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changeMemberRole: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        memberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          role: 'coauthor' | 'editor' | 'commenter' | 'viewer';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /** Format: email */
            email: string;
            /**
             * @description Your role on the book: owner for your own books
             * @enum {string}
             */
            role: 'owner' | 'coauthor' | 'editor' | 'commenter' | 'viewer';
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        invitationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createInvitationLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        invitationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description A new path to the same invitation, /invite/{token}; the mailed one still works */
            link: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            kind: 'book' | 'workspace';
            /** @description For an invitation to a book */
            bookId?: string;
            /** @description For an invitation to a workspace */
            workspaceId?: string;
            role: ('coauthor' | 'editor' | 'commenter' | 'viewer') | ('admin' | 'member');
            /** @description The book's title or the workspace's name */
            title: string;
            inviterName: string;
            /** Format: email */
            email: string;
            /** Format: date-time */
            expiresAt: string;
            /** @enum {string} */
            status: 'pending' | 'accepted' | 'expired';
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  acceptInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            kind: 'book' | 'workspace';
            /** @description For an invitation to a book */
            bookId?: string;
            /** @description For an invitation to a workspace */
            workspaceId?: string;
            role: ('coauthor' | 'editor' | 'commenter' | 'viewer') | ('admin' | 'member');
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createCollabToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Pass to HocuspocusProvider as `token`; fetch a new one before expiresAt */
            token: string;
            /**
             * Format: date-time
             * @description When the collab service stops taking this token (5 minutes from now)
             */
            expiresAt: string;
            /**
             * @description Your role on the book: owner for your own books
             * @enum {string}
             */
            role: 'owner' | 'coauthor' | 'editor' | 'commenter' | 'viewer';
            /** @description Viewers and commenters: the server drops document updates from this connection */
            readOnly: boolean;
            /**
             * @description The WebSocket path on this host (ws:// or wss:// as the page)
             * @enum {string}
             */
            url: '/collab';
            /** @description book:<bookId>, the HocuspocusProvider `name` */
            documentName: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWorkspaces: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            workspaces: {
              id: string;
              name: string;
              /**
               * @description Your role in the workspace
               * @enum {string}
               */
              role: 'owner' | 'admin' | 'member';
              ownerId: string;
              seats: {
                /** @description Members, and pending invitations that will take a seat when accepted */
                used: number;
                limit: number;
              };
              /** Format: date-time */
              createdAt: string;
            }[];
          };
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createWorkspace: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /**
             * @description Your role in the workspace
             * @enum {string}
             */
            role: 'owner' | 'admin' | 'member';
            ownerId: string;
            seats: {
              /** @description Members, and pending invitations that will take a seat when accepted */
              used: number;
              limit: number;
            };
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWorkspaceMembers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        workspaceId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            members: {
              id: string;
              name: string;
              /** Format: email */
              email: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member';
              /** Format: date-time */
              joinedAt: string;
              /** @description What they spent of the workspace's pool this month (books, covers, translations): shown to admins */
              spentThisMonth?: {
                book: number;
                cover: number;
                translation: number;
              };
            }[];
            /** @description Pending invitations: for admins only */
            invitations: {
              id: string;
              /** Format: email */
              email: string;
              /** @enum {string} */
              role: 'admin' | 'member';
              /** Format: date-time */
              expiresAt: string;
              /** Format: date-time */
              createdAt: string;
            }[];
            seats: {
              /** @description Members, and pending invitations that will take a seat when accepted */
              used: number;
              limit: number;
            };
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  inviteWorkspaceMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        workspaceId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          /** @enum {string} */
          role: 'admin' | 'member';
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: 'admin' | 'member';
            /** Format: date-time */
            expiresAt: string;
            /** Format: date-time */
            createdAt: string;
            /** @description The path of the invitation page, /invite/{token}: the secret, shown only in this answer */
            link: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeWorkspaceMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        workspaceId: string;
        memberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changeWorkspaceMemberRole: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        workspaceId: string;
        memberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          role: 'admin' | 'member';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: 'owner' | 'admin' | 'member';
            /** Format: date-time */
            joinedAt: string;
            /** @description What they spent of the workspace's pool this month (books, covers, translations): shown to admins */
            spentThisMonth?: {
              book: number;
              cover: number;
              translation: number;
            };
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeWorkspaceInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        workspaceId: string;
        invitationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createWorkspaceInvitationLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        workspaceId: string;
        invitationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description A new path to the same invitation, /invite/{token}; the mailed one still works */
            link: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  previewWorkspaceSeats: {
    parameters: {
      query: {
        seats: number;
      };
      header?: never;
      path: {
        workspaceId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The seat count asked about */
            seats: number;
            currentSeats: number;
            /** @description The monthly price of one seat, in cents */
            perSeat: number;
            currency: string;
            /** @description Charged (positive) or credited (negative) now for the rest of the period, in cents */
            dueNow: number;
            /** @description The seats part of each monthly invoice from now on, in cents */
            monthly: number;
            /** @enum {string} */
            provider: 'stripe' | 'local';
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changeWorkspaceSeats: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        workspaceId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          seats: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /**
             * @description Your role in the workspace
             * @enum {string}
             */
            role: 'owner' | 'admin' | 'member';
            ownerId: string;
            seats: {
              /** @description Members, and pending invitations that will take a seat when accepted */
              used: number;
              limit: number;
            };
            /** Format: date-time */
            createdAt: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWorkspaceAudit: {
    parameters: {
      query?: {
        /** @description Entries older than this (the `at` of the last entry of a page) */
        before?: string;
        limit?: number;
      };
      header?: never;
      path: {
        workspaceId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Newest first */
            entries: {
              id: string;
              /** Format: date-time */
              at: string;
              /** @enum {string} */
              action:
                | 'workspace.created'
                | 'member.invited'
                | 'invitation.revoked'
                | 'member.joined'
                | 'member.role-changed'
                | 'member.removed'
                | 'member.left'
                | 'seats.changed'
                | 'book.created'
                | 'book.moved-in'
                | 'book.moved-out'
                | 'book.trashed'
                | 'book.restored'
                | 'book.deleted'
                | 'api-token.created'
                | 'api-token.used-from-new-address'
                | 'api-token.revoked';
              /** @description Who did it */
              actor: {
                id: string;
                name: string;
              };
              /** @description The person it was done to, for invitations and membership changes */
              subject?: {
                id?: string;
                email?: string;
                name?: string;
              };
              book?: {
                id: string;
                title: string;
              };
              role?: string;
              previousRole?: string;
              seats?: number;
              /** @description The API token of an api-token line: the workspace's own, or a member's personal one, which reaches its books */
              token?: {
                id: string;
                name: string;
              };
              /** @description The address an API token was used from, for used-from-new-address */
              address?: string;
            }[];
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  moveBook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          workspaceId: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BookSummary'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listApiTokens: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tokens: {
              id: string;
              name: string;
              prefix: string;
              lastFour: string;
              scopes: ('books:read' | 'books:write' | 'exports:write' | 'comments:write' | 'webhooks:write')[];
              /** Format: date-time */
              createdAt: string;
              expiresAt: string | null;
              lastUsedAt: string | null;
              lastUsedFrom: string | null;
              workspaceId: string | null;
              createdBy: {
                id: string;
                name: string;
              };
            }[];
          };
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createApiToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          scopes: ('books:read' | 'books:write' | 'exports:write' | 'comments:write' | 'webhooks:write')[];
          expiresInDays?: number;
          /** @description A workspace token: it belongs to the workspace, reaches only its books, and the workspace's admins manage it */
          workspaceId?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            prefix: string;
            lastFour: string;
            scopes: ('books:read' | 'books:write' | 'exports:write' | 'comments:write' | 'webhooks:write')[];
            /** Format: date-time */
            createdAt: string;
            expiresAt: string | null;
            lastUsedAt: string | null;
            lastUsedFrom: string | null;
            workspaceId: string | null;
            createdBy: {
              id: string;
              name: string;
            };
            /** @description The secret: shown this once, store it now */
            token: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeApiToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            webhooks: {
              id: string;
              url: string;
              events: (
                | 'book.created'
                | 'book.planned'
                | 'book.ready'
                | 'book.failed'
                | 'book.exported'
                | 'book.trashed'
                | 'book.deleted'
                | 'translation.ready'
                | 'comment.created'
                | 'book.member.added'
                | 'book.member.removed'
                | 'book.member.role-changed'
              )[];
              description: string | null;
              workspaceId: string | null;
              enabled: boolean;
              disabledReason: ('gone' | 'failing' | 'owner') | null;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              updatedAt: string;
            }[];
          };
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uri */
          url: string;
          events: (
            | 'book.created'
            | 'book.planned'
            | 'book.ready'
            | 'book.failed'
            | 'book.exported'
            | 'book.trashed'
            | 'book.deleted'
            | 'translation.ready'
            | 'comment.created'
            | 'book.member.added'
            | 'book.member.removed'
            | 'book.member.role-changed'
          )[];
          description?: string;
          workspaceId?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            url: string;
            events: (
              | 'book.created'
              | 'book.planned'
              | 'book.ready'
              | 'book.failed'
              | 'book.exported'
              | 'book.trashed'
              | 'book.deleted'
              | 'translation.ready'
              | 'comment.created'
              | 'book.member.added'
              | 'book.member.removed'
              | 'book.member.role-changed'
            )[];
            description: string | null;
            workspaceId: string | null;
            enabled: boolean;
            disabledReason: ('gone' | 'failing' | 'owner') | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description The signing secret (whsec_…): shown this once, store it now */
            secret: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uri */
          url?: string;
          events?: (
            | 'book.created'
            | 'book.planned'
            | 'book.ready'
            | 'book.failed'
            | 'book.exported'
            | 'book.trashed'
            | 'book.deleted'
            | 'translation.ready'
            | 'comment.created'
            | 'book.member.added'
            | 'book.member.removed'
            | 'book.member.role-changed'
          )[];
          description?: string;
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            url: string;
            events: (
              | 'book.created'
              | 'book.planned'
              | 'book.ready'
              | 'book.failed'
              | 'book.exported'
              | 'book.trashed'
              | 'book.deleted'
              | 'translation.ready'
              | 'comment.created'
              | 'book.member.added'
              | 'book.member.removed'
              | 'book.member.role-changed'
            )[];
            description: string | null;
            workspaceId: string | null;
            enabled: boolean;
            disabledReason: ('gone' | 'failing' | 'owner') | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  rotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            url: string;
            events: (
              | 'book.created'
              | 'book.planned'
              | 'book.ready'
              | 'book.failed'
              | 'book.exported'
              | 'book.trashed'
              | 'book.deleted'
              | 'translation.ready'
              | 'comment.created'
              | 'book.member.added'
              | 'book.member.removed'
              | 'book.member.role-changed'
            )[];
            description: string | null;
            workspaceId: string | null;
            enabled: boolean;
            disabledReason: ('gone' | 'failing' | 'owner') | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description The signing secret (whsec_…): shown this once, store it now */
            secret: string;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Accepted */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            eventType: string;
            /** @enum {string} */
            status: 'pending' | 'succeeded' | 'failed';
            /** Format: date-time */
            createdAt: string;
            nextAttemptAt: string | null;
            attempts: {
              /** Format: date-time */
              attemptedAt: string;
              statusCode: number | null;
              durationMs: number;
              error: string | null;
              responseBody: string | null;
            }[];
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deliveries: {
              id: string;
              eventType: string;
              /** @enum {string} */
              status: 'pending' | 'succeeded' | 'failed';
              /** Format: date-time */
              createdAt: string;
              nextAttemptAt: string | null;
              attempts: {
                /** Format: date-time */
                attemptedAt: string;
                statusCode: number | null;
                durationMs: number;
                error: string | null;
                responseBody: string | null;
              }[];
            }[];
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  redeliverWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Accepted */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            eventType: string;
            /** @enum {string} */
            status: 'pending' | 'succeeded' | 'failed';
            /** Format: date-time */
            createdAt: string;
            nextAttemptAt: string | null;
            attempts: {
              /** Format: date-time */
              attemptedAt: string;
              statusCode: number | null;
              durationMs: number;
              error: string | null;
              responseBody: string | null;
            }[];
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listComments: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CommentThread'][];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createComment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          anchor: components['schemas']['CommentAnchorInput'];
          /** @description Plain text (no markup), trimmed, 1 to 10,000 characters; @Full Name or @emailname mentions a member */
          body: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CommentThread'];
        };
      };
      /** @description The body or the anchor is not well formed, or the quote is not in that chapter */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A missing or wrong X-XSRF-TOKEN, or a viewer ("Viewers can't comment") */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createCommentReply: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        commentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Plain text (no markup), trimmed, 1 to 10,000 characters; @Full Name or @emailname mentions a member */
          body: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CommentReply'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A missing or wrong X-XSRF-TOKEN, or a viewer ("Viewers can't comment") */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteComment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        commentId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A missing or wrong X-XSRF-TOKEN, or a comment that is not yours */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateComment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        commentId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Plain text (no markup), trimmed, 1 to 10,000 characters; @Full Name or @emailname mentions a member */
          body?: string;
          /** @description true resolves the thread, false reopens it */
          resolved?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CommentThread'];
        };
      };
      /** @description Nothing to change, a body not well formed, or resolved sent for a reply */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A missing or wrong X-XSRF-TOKEN, a body that is not yours, or resolving as an editor, commenter or viewer */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  planBook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          prompt: string;
          title: string;
          /** @enum {string} */
          language:
            | 'albanian'
            | 'croatian'
            | 'czech'
            | 'danish'
            | 'dutch'
            | 'english'
            | 'estonian'
            | 'finnish'
            | 'french'
            | 'german'
            | 'hungarian'
            | 'italian'
            | 'latvian'
            | 'lithuanian'
            | 'norwegian'
            | 'polish'
            | 'portuguese'
            | 'romanian'
            | 'slovak'
            | 'slovenian'
            | 'spanish'
            | 'swedish'
            | 'turkish';
          targetAudience: string;
          /** @enum {string} */
          genre:
            | 'fiction'
            | 'science fiction'
            | 'fantasy'
            | 'mystery'
            | 'magical realism'
            | 'adventure'
            | 'young adult'
            | 'romance'
            | 'thriller'
            | 'horror'
            | 'historical fiction'
            | 'modern realism'
            | 'dystopic'
            | 'non-fiction'
            | 'self-help'
            | 'business'
            | 'biography'
            | 'history'
            | 'science'
            | 'economics'
            | 'cooking'
            | 'travel'
            | 'health'
            | 'philosophy'
            | 'education'
            | 'technology';
          /** @enum {string} */
          size: 'short';
          /** @description Create it in this team workspace (one you belong to): it is the workspace's, paid from its pool */
          workspaceId?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This month’s books are used up, or there is no plan */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  confirmBook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Writing needs a plan */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The book is not waiting for confirmation */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listPlans: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['PlanPrices'];
          };
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  contactSales: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          company: string;
          /** Format: email */
          email: string;
          seats: number;
          message: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  handleBillingWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            received: true;
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          accountType: 'starter' | 'professional';
          /**
           * @default eur
           * @enum {string}
           */
          currency?: 'eur';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              url: string;
              provider?: string;
              msg?: string;
            };
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  previewPlanSwitch: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          accountType: 'starter' | 'professional';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @enum {string} */
              from: 'starter' | 'professional' | 'enterprise' | 'null';
              /** @enum {string} */
              to: 'starter' | 'professional';
              /** @enum {string} */
              currency: 'eur';
              proratedAmount: number;
              newMonthlyAmount: number;
              nextBillingDate: string | null;
              booksLeftAfter: number | null;
              coversLeftAfter: number | null;
              translationsLeftAfter: number | null;
            };
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the resource’s state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateBillingDetails: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          sdi: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  openBillingPortal: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              url: string;
              provider?: string;
              msg?: string;
            };
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  cancelPlan: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the resource’s state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  keepPlan: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['User'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the resource’s state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listInvoices: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Invoice'][];
          };
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exportUserData: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/zip': string;
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A download of your data is already being prepared */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many downloads started this hour: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  streamBookEvents: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  validateExport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              /** @enum {string} */
              format: 'epub';
              platform?: string;
            }
          | {
              /**
               * @default kdp
               * @enum {string}
               */
              platform?: 'kdp';
              /**
               * @default interior
               * @enum {string}
               */
              exportType?: 'interior' | 'cover' | 'both';
              /**
               * @default 6x9
               * @enum {string}
               */
              trimSize?: '5x8' | '5.5x8.5' | '6x9' | '7x10' | '8.5x11';
              /**
               * @default white
               * @enum {string}
               */
              paperColor?: 'white' | 'cream';
              /** @default true */
              isPaperback?: boolean;
              /** @default false */
              bleed?: boolean;
              pageCount?: number;
              spineWidth?: number;
              /** @enum {string} */
              format: 'pdf';
            };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExportValidation'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exportBook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | ({
              /** @enum {string} */
              format: 'epub';
              /** @description Not allowed: a layout is chosen only with format docx */
              layout?: unknown;
            } & {
              [key: string]: unknown;
            })
          | {
              /**
               * @default kdp
               * @enum {string}
               */
              platform?: 'kdp';
              /**
               * @default interior
               * @enum {string}
               */
              exportType?: 'interior' | 'cover' | 'both';
              /**
               * @default 6x9
               * @enum {string}
               */
              trimSize?: '5x8' | '5.5x8.5' | '6x9' | '7x10' | '8.5x11';
              /**
               * @default white
               * @enum {string}
               */
              paperColor?: 'white' | 'cream';
              /** @default true */
              isPaperback?: boolean;
              /** @default false */
              bleed?: boolean;
              pageCount?: number;
              spineWidth?: number;
              /** @enum {string} */
              format: 'pdf';
              /** @description Not allowed: a layout is chosen only with format docx */
              layout?: unknown;
            }
          | {
              /** @enum {string} */
              format: 'docx';
              /**
               * @default manuscript
               * @enum {string}
               */
              layout?: 'manuscript' | 'book';
            };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/epub+zip': string;
          'application/pdf': string;
          'application/zip': string;
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': string;
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteAccount: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              password: string;
            }
          | {
              email: string;
            };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Message'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateAccount: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description Form fields; an optional file in the field "image" (PNG, JPEG or WebP) */
    requestBody: {
      content: {
        'multipart/form-data': {
          /** Format: binary */
          image?: string;
        } & {
          [key: string]: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            msg: string;
            user: components['schemas']['User'];
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateMailSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          mailAboutComments: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            msg: string;
            user: components['schemas']['User'];
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAvatar: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        avatarId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/png': string;
          'image/jpeg': string;
          'image/webp': string;
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadCover: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    /** @description Form fields; an optional file in the field "image" (PNG, JPEG or WebP) */
    requestBody: {
      content: {
        'multipart/form-data': {
          /** Format: binary */
          image?: string;
        } & {
          [key: string]: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  generateCover: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @default  */
          prompt?: string;
          /**
           * @default realistic
           * @enum {string}
           */
          style?: 'realistic' | 'illustrated' | 'minimalist' | 'vintage' | 'fantasy';
          /**
           * @default adventure
           * @enum {string}
           */
          mood?: 'adventure' | 'mysterious' | 'romantic' | 'dramatic' | 'peaceful';
          /**
           * @default warm
           * @enum {string}
           */
          colorScheme?: 'warm' | 'cool' | 'monochrome' | 'vibrant' | 'muted';
          /**
           * @default 1024x1536
           * @enum {string}
           */
          dimensions?: '1024x1024' | '1024x1536' | '1536x1024';
          /** @default true */
          typeset?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/png': string;
          'image/jpeg': string;
          'image/webp': string;
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This month’s covers are used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many cover generations this hour */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getCoverImage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        coverId: string;
        variant: 'master' | 'web' | 'thumb';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/png': string;
          'image/jpeg': string;
          'image/webp': string;
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadBookImage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /** Format: binary */
          file: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            imageId: string;
            /** @description The image's URL, the src of the editor's image node */
            src: string;
            /** @enum {string} */
            contentType: 'image/png' | 'image/jpeg';
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  importBook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /** Format: binary */
          file: string;
          title?: string;
          /** @description The language the book is written in (english, german, …); english when absent */
          language?: string;
          /** @description One of the genres; fiction when absent */
          genre?: string;
          /** @description Create it in this team workspace (one you belong to) */
          workspaceId?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            book: components['schemas']['Book'];
            report: {
              source: {
                fileName: string;
                /** @enum {string} */
                kind: 'docx' | 'markdown' | 'epub' | 'text';
                bytes: number;
              };
              chapters: {
                title: string;
                words: number;
              }[];
              words: number;
              frontMatter: ('title-page' | 'copyright' | 'dedication' | 'table-of-contents' | 'other')[];
              metadata: {
                title?: string;
                author?: string;
                rights?: string;
              };
              kept: {
                /** @enum {string} */
                kind:
                  | 'chapters'
                  | 'italics'
                  | 'bold'
                  | 'underline'
                  | 'small-caps'
                  | 'block-quotes'
                  | 'lists'
                  | 'alignment'
                  | 'scene-breaks'
                  | 'notes'
                  | 'images'
                  | 'comments'
                  | 'tracked-changes';
                count: number;
              }[];
              dropped: {
                /** @enum {string} */
                kind:
                  | 'comments'
                  | 'tracked-changes'
                  | 'fields'
                  | 'text-boxes'
                  | 'headers-and-footers'
                  | 'images'
                  | 'unsupported-content';
                count: number;
                reasons?: string[];
              }[];
            };
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An import needs a plan, like every book */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The manuscript is larger than 50 MB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a Word, Markdown, EPUB or plain-text file */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  reimportManuscript: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag the book was read with (GET /book/{id} answers it): the save happens only if the book is still at that version, else 412. Without it, the last write wins. */
        'if-match'?: string;
      };
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /** Format: binary */
          file: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            book: components['schemas']['Book'];
            report: {
              source: {
                fileName: string;
                /** @enum {string} */
                kind: 'docx' | 'markdown' | 'epub' | 'text';
                bytes: number;
              };
              chapters: {
                title: string;
                words: number;
              }[];
              words: number;
              frontMatter: ('title-page' | 'copyright' | 'dedication' | 'table-of-contents' | 'other')[];
              metadata: {
                title?: string;
                author?: string;
                rights?: string;
              };
              kept: {
                /** @enum {string} */
                kind:
                  | 'chapters'
                  | 'italics'
                  | 'bold'
                  | 'underline'
                  | 'small-caps'
                  | 'block-quotes'
                  | 'lists'
                  | 'alignment'
                  | 'scene-breaks'
                  | 'notes'
                  | 'images'
                  | 'comments'
                  | 'tracked-changes';
                count: number;
              }[];
              dropped: {
                /** @enum {string} */
                kind:
                  | 'comments'
                  | 'tracked-changes'
                  | 'fields'
                  | 'text-boxes'
                  | 'headers-and-footers'
                  | 'images'
                  | 'unsupported-content';
                count: number;
                reasons?: string[];
              }[];
            };
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listRevisions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RevisionSummary'][];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveRevision: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          bookContent?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Revision'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getRevision: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        revisionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Revision'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  restoreRevision: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
        revisionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Book'];
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  suggestMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['MetadataSuggestion'];
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description AI suggestions need a plan */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  suggestTranslationTitle: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The language of the translation
           * @enum {string}
           */
          language:
            | 'albanian'
            | 'croatian'
            | 'czech'
            | 'danish'
            | 'dutch'
            | 'english'
            | 'estonian'
            | 'finnish'
            | 'french'
            | 'german'
            | 'hungarian'
            | 'italian'
            | 'latvian'
            | 'lithuanian'
            | 'norwegian'
            | 'polish'
            | 'portuguese'
            | 'romanian'
            | 'slovak'
            | 'slovenian'
            | 'spanish'
            | 'swedish'
            | 'turkish';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              title: string;
              /**
               * @description `model`: the AI model's title; `suggestion`: the original's title with the language named
               * @enum {string}
               */
              source: 'model' | 'suggestion';
            };
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Payment required */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  translateBook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description The language of the new book
           * @enum {string}
           */
          language:
            | 'albanian'
            | 'croatian'
            | 'czech'
            | 'danish'
            | 'dutch'
            | 'english'
            | 'estonian'
            | 'finnish'
            | 'french'
            | 'german'
            | 'hungarian'
            | 'italian'
            | 'latvian'
            | 'lithuanian'
            | 'norwegian'
            | 'polish'
            | 'portuguese'
            | 'romanian'
            | 'slovak'
            | 'slovenian'
            | 'spanish'
            | 'swedish'
            | 'turkish';
          /** @description The new book's title; default: the original's, with the language named (suggestedTranslationTitle) */
          title?: string;
        };
      };
    };
    responses: {
      /** @description Accepted */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              bookId: string;
            };
          };
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Translating needs a plan */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This month’s translations are used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The book is not ready */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  rewritePassage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        bookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          text: string;
          instruction: string;
          /** @default  */
          before?: string;
          /** @default  */
          after?: string;
          chapterTitle?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description The request is invalid: the text names the field */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description AI rewriting needs a plan */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such resource, or not yours */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The body’s media type is not accepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests: try again after Retry-After seconds */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A service behind the gateway is not answering: try again after Retry-After seconds */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
