import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { AuditLogSchema, AuditQuerySchema } from '../../http/workspaces/workspaces';
import { workspaceAsker } from './request-fields';

export const listWorkspaceAuditRequest = defineRequest({
  name: 'book.workspace-audit.list',
  version: 1,
  request: z.object({ ...workspaceAsker, ...AuditQuerySchema.shape }),
  response: AuditLogSchema,
  description:
    'GET /workspaces/{id}/audit: who invited, joined, changed, removed, moved and deleted what, and when; admins only.',
});
