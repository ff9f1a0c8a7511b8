import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { coverUploadMaxBytes, manuscriptImportMaxBytes } from '@bookwright/contracts/http';
import type { BookEventsHub } from '../live/book-events-hub';
import { accountRoutes } from '../routes/account';
import { agentRoutes } from '../routes/agent';
import { authRoutes } from '../routes/auth';
import { bookAiRoutes } from '../routes/book-ai';
import { bookRoutes } from '../routes/books';
import { bookImageRoutes, bookImageUploadRoutes } from '../routes/book-images';
import { collabRoutes } from '../routes/collab';
import { coverRoutes } from '../routes/covers';
import { eventRoutes } from '../routes/events';
import { exportRoutes } from '../routes/export';
import { healthRoutes } from '../routes/health';
import { manuscriptImportRoutes } from '../routes/manuscript-import';
import { manuscriptReimportRoutes } from '../routes/manuscript-reimport';
import { memberRoutes } from '../routes/members';
import { workspaceRoutes } from '../routes/workspaces';
import { commentRoutes } from '../routes/comments';
import { oidcRoutes } from '../routes/oidc';
import { paymentRoutes } from '../routes/payment';
import { revisionRoutes } from '../routes/revisions';
import type { RouteDeps } from '../routes/route-deps';
import { takeoutRoutes } from '../routes/takeout';
import { tokenRoutes } from '../routes/tokens';
import { trashRoutes } from '../routes/trash';
import { bookSearchRoutes } from '../routes/book-search';
import { userRoutes } from '../routes/user';
import { webhookRoutes } from '../routes/webhooks';

/** Every route plugin of the API, under `prefix`. */
export async function registerApiRoutes(
  app: FastifyInstance,
  options: { deps: RouteDeps; hub: BookEventsHub; prefix: string },
): Promise<void> {
  const { deps, hub } = options;
  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(authRoutes(deps));
      await api.register(oidcRoutes(deps));
      await api.register(userRoutes(deps));
      await api.register(bookRoutes(deps));
      await api.register(bookImageRoutes(deps));
      await api.register(trashRoutes(deps));
      await api.register(bookSearchRoutes(deps));
      await api.register(memberRoutes(deps));
      await api.register(collabRoutes(deps));
      await api.register(workspaceRoutes(deps));
      await api.register(tokenRoutes(deps));
      await api.register(webhookRoutes(deps));
      await api.register(commentRoutes(deps));
      await api.register(agentRoutes(deps));
      await api.register(paymentRoutes(deps));
      await api.register(takeoutRoutes(deps));
      await api.register(eventRoutes(deps, hub));
      await api.register(exportRoutes(deps));
      // Only these read multipart forms (avatar, cover upload, a chapter's image); elsewhere such a body is a 415. Its hooks
      // (a temp-file cleanup per request) stay off every other route.
      await api.register(async (forms) => {
        await forms.register(fastifyMultipart, { limits: { fileSize: coverUploadMaxBytes, files: 1, fields: 20 } });
        await forms.register(accountRoutes(deps));
        await forms.register(coverRoutes(deps));
        await forms.register(bookImageUploadRoutes(deps));
      });
      // A manuscript (issue 46) is read under its own limit: 50 MB, one file, a few fields.
      await api.register(async (forms) => {
        await forms.register(fastifyMultipart, {
          limits: { fileSize: manuscriptImportMaxBytes, files: 1, fields: 10, fieldSize: 1_000 },
        });
        await forms.register(manuscriptImportRoutes(deps));
        await forms.register(manuscriptReimportRoutes(deps));
      });
      await api.register(revisionRoutes(deps));
      await api.register(bookAiRoutes(deps));
    },
    { prefix: options.prefix },
  );
}
