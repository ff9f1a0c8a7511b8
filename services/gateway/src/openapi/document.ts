import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ApiTokenScope } from '@bookwright/contracts/http';
import { tokenPolicy } from '../security/api-token-scopes';
import { csrfCookieName, csrfHeaderName, sessionCookieName } from '../security/cookies';
import { apiSchemas, errorComponent } from './api-schemas';

type JsonObject = Record<string, unknown>;

/** The areas of the API, in the order a reader meets them; every operation's tag is one of these. */
export const apiTags = [
  { name: 'health', description: 'Whether the gateway and the services behind it answer' },
  { name: 'auth', description: 'Sign-up, login, logout and sign-in with an identity provider' },
  { name: 'user', description: 'The account: profile, password, avatar, deletion and a download of all its data' },
  {
    name: 'books',
    description: 'The library, a book’s plan and manuscript, revisions, trash, AI help and live updates',
  },
  {
    name: 'sharing',
    description: 'The people on a book and their roles, and invitations by email (accepted at /invite/{token})',
  },
  {
    name: 'comments',
    description: 'Comment threads on passages of a book, replies, resolving, and the mail they send',
  },
  {
    name: 'workspaces',
    description: 'Team workspaces (Enterprise): their people, seats and audit log, and moving a book into one',
  },
  { name: 'agent', description: 'Planning a new book and starting to write it' },
  { name: 'covers', description: 'Uploading and generating covers' },
  { name: 'export', description: 'EPUB and KDP PDF files, and the store checks before them' },
  { name: 'billing', description: 'Plans, checkout, the billing portal and invoices' },
  {
    name: 'tokens',
    description: 'Personal API tokens (Enterprise): made, listed and revoked from a signed-in browser',
  },
  {
    name: 'webhooks',
    description:
      'Outgoing webhooks (Enterprise): signed Standard Webhooks deliveries of book events, retried for 3 days',
  },
];

/**
 * Operations anyone may call, without a session. Every other one needs the session cookie; a test
 * (`scripts/openapi.test.ts`) calls each operation without one and checks that exactly these answer
 * something other than 401.
 */
export const publicOperations = new Set([
  'getHealth',
  'getLiveness',
  'signUp',
  'login',
  'logout',
  'logoutByPost',
  'listAuthProviders',
  'startOidcLogin',
  'finishOidcLogin',
  'forgotPassword',
  'resetPassword',
  'listPlans',
  'contactSales',
  'handleBillingWebhook',
  // The invitation page works before sign-up: the link is the proof.
  'getInvitation',
]);

/** Calls that change nothing, so the CSRF double submit does not apply (`security/csrf.ts`). */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The webhook is signed by the payment provider instead (`routes/payment.ts`). */
const csrfExempt = new Set(['handleBillingWebhook']);

/**
 * Answers that come from the services behind an operation rather than from the gateway's own checks, so
 * the route's schema cannot list them without changing what it sends (a response schema also serialises).
 */
const serviceAnswers: Record<string, Record<number, string>> = {
  planBook: { 403: 'This month’s books are used up, or there is no plan' },
  importBook: {
    402: 'An import needs a plan, like every book',
    413: 'The manuscript is larger than 50 MB',
    415: 'Not a Word, Markdown, EPUB or plain-text file',
  },
  confirmBook: { 402: 'Writing needs a plan', 409: 'The book is not waiting for confirmation' },
  retryBook: { 409: 'Nothing failed that could be retried' },
  translateBook: {
    402: 'Translating needs a plan',
    403: 'This month’s translations are used up',
    409: 'The book is not ready',
  },
  generateCover: { 403: 'This month’s covers are used up', 429: 'Too many cover generations this hour' },
  exportUserData: {
    409: 'A download of your data is already being prepared',
    429: 'Too many downloads started this hour: try again after Retry-After seconds',
  },
  suggestMetadata: { 402: 'AI suggestions need a plan' },
  rewritePassage: { 402: 'AI rewriting needs a plan' },
  restoreBook: { 409: 'The book is not in the trash' },
  deleteBookForever: { 409: 'The book is not in the trash' },
  trashBook: { 409: 'The book is already in the trash' },
  createComment: {
    400: 'The body or the anchor is not well formed, or the quote is not in that chapter',
    403: 'A missing or wrong X-XSRF-TOKEN, or a viewer ("Viewers can\'t comment")',
  },
  createCommentReply: { 403: 'A missing or wrong X-XSRF-TOKEN, or a viewer ("Viewers can\'t comment")' },
  updateComment: {
    400: 'Nothing to change, a body not well formed, or resolved sent for a reply',
    403: 'A missing or wrong X-XSRF-TOKEN, a body that is not yours, or resolving as an editor, commenter or viewer',
  },
  deleteComment: { 403: 'A missing or wrong X-XSRF-TOKEN, or a comment that is not yours' },
  saveContent: {
    409: 'Chapters sent for a book with no manuscript',
    428: 'Chapters sent without If-Match (a partial save must name the version it changes)',
  },
};

const errorText: Record<number, string> = {
  400: 'The request is invalid: the text names the field',
  401: 'Not signed in',
  402: 'Payment required',
  403: 'Refused: a missing or wrong X-XSRF-TOKEN, or an allowance used up',
  404: 'No such resource, or not yours',
  409: 'Conflicts with the resource’s state',
  412: 'The resource changed since the version in If-Match',
  413: 'The body is too large',
  415: 'The body’s media type is not accepted',
  429: 'Too many requests: try again after Retry-After seconds',
  503: 'A service behind the gateway is not answering: try again after Retry-After seconds',
};

const successText: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };
const binary = { type: 'string', format: 'binary' };
const errorRef = { $ref: '#/components/schemas/Error' };

/** The 4xx answers the gateway itself gives an operation, whatever the service behind it says. */
function gatewayAnswers(
  schema: JsonObject,
  method: string,
  operationId: string,
  rateLimited: boolean,
  tokenScope: ApiTokenScope | undefined,
): number[] {
  const answers = new Set<number>([503]);
  const hasInput = Boolean(schema.params || schema.querystring || schema.body || schema.headers || schema.consumes);
  if (hasInput) answers.add(400);
  if (!publicOperations.has(operationId)) answers.add(401);
  if (!safeMethods.has(method) && !csrfExempt.has(operationId)) answers.add(403);
  if (schema.params) answers.add(404);
  if (schema.body || schema.consumes) [413, 415].forEach((status) => answers.add(status));
  if (rateLimited) answers.add(429);
  // With an API token: a missing scope (403), a lapsed plan (402) and the token's own limit (429).
  if (tokenScope) [402, 403, 429].forEach((status) => answers.add(status));
  return [...answers];
}

/** Writes security, every error answer, media types and descriptions into one route's schema. */
function completeOperation(
  schema: JsonObject,
  method: string,
  rateLimited: boolean,
  tokenScope: ApiTokenScope | undefined,
): JsonObject {
  const operationId = String(schema.operationId);
  const responses: JsonObject = { ...(schema.response as JsonObject | undefined) };
  const produces = schema.produces as string[] | undefined;
  if (produces && !produces.includes('application/json')) {
    const success = Object.keys(responses).find((status) => status.startsWith('2')) ?? '200';
    responses[success] = {
      description: successText[Number(success)] ?? 'OK',
      content: Object.fromEntries(
        produces.map((type) => [type, { schema: type === 'text/event-stream' ? { type: 'string' } : binary }]),
      ),
    };
  }
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) responses['200'] = { description: 'OK' };
  const statuses = new Set([
    ...gatewayAnswers(schema, method, operationId, rateLimited, tokenScope),
    ...Object.keys(serviceAnswers[operationId] ?? {}).map(Number),
  ]);
  for (const status of statuses) {
    if (responses[status]) continue;
    responses[status] = {
      description: serviceAnswers[operationId]?.[status] ?? errorText[status] ?? 'Error',
      content: { 'application/json': { schema: errorRef } },
    };
  }
  // Routes declare some errors with the Message schema, which has the Error shape: one name for errors.
  for (const [status, value] of Object.entries(responses))
    if (status.startsWith('4') && JSON.stringify(value) === JSON.stringify({ $ref: '#/components/schemas/Message' }))
      responses[status] = {
        description: errorText[Number(status)] ?? 'Error',
        content: { 'application/json': { schema: errorRef } },
      };
  for (const [status, value] of Object.entries(responses))
    if (value && typeof value === 'object' && !('description' in value))
      responses[status] = { description: successText[Number(status)] ?? errorText[Number(status)] ?? 'OK', ...value };

  const session = { sessionCookie: [] };
  const csrf = { xsrfHeader: [] };
  const needsCsrf = !safeMethods.has(method) && !csrfExempt.has(operationId);
  // An API token is an alternative to the cookie (and needs no XSRF header), with the scope its route needs.
  const security = publicOperations.has(operationId)
    ? needsCsrf
      ? [csrf]
      : []
    : [needsCsrf ? { ...session, ...csrf } : session, ...(tokenScope ? [{ apiToken: [tokenScope] }] : [])];

  const { produces: _produces, multipartForm: _form, ...rest } = schema;
  const multipart = (schema.consumes as string[] | undefined)?.includes('multipart/form-data');
  return {
    ...rest,
    ...(multipart && !schema.body
      ? {
          // A route may describe its own form (routes/manuscript-import.ts); otherwise it is an image upload's.
          body: (schema.multipartForm as JsonObject | undefined) ?? {
            type: 'object',
            description: 'Form fields; an optional file in the field "image" (PNG, JPEG or WebP)',
            properties: { image: binary },
            additionalProperties: { type: 'string' },
          },
        }
      : {}),
    response: responses,
    security,
  };
}

/** Every `#/components/schemas/…` name referenced inside a node. */
function referencedNames(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referencedNames(item, found);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node))
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/'))
        found.add(value.slice('#/components/schemas/'.length));
      else referencedNames(value, found);
  return found;
}

/**
 * The named schemas the operations use, directly or through each other. The registry names a schema for
 * both directions (`Book` answered, `BookInput` sent); a client only needs the ones some operation uses.
 */
function referencedOnly(document: JsonObject, schemas: JsonObject): JsonObject {
  const keep = referencedNames(document.paths);
  for (let size = -1; size !== keep.size;) {
    size = keep.size;
    for (const name of [...keep]) referencedNames(schemas[name], keep);
  }
  // zod writes each named schema as a JSON Schema document of its own; inside OpenAPI it is a component.
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => keep.has(name))
      .map(([name, schema]) => {
        const { $schema: _dialect, $id: _id, ...component } = schema as JsonObject;
        return [name, component];
      }),
  );
}

const zodTransform = createJsonSchemaTransform({ schemaRegistry: apiSchemas });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: apiSchemas });

/** The options of `@fastify/swagger`: the document served at /api/v1/docs/json. */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Bookwright API',
      version: '1.0.0',
      description:
        'Plan, write, edit and export books. Signed in by the `sid` session cookie (set by sign-up and login); ' +
        `every call that changes something also sends the \`${csrfCookieName}\` cookie's value in the ` +
        `\`X-XSRF-TOKEN\` header. Errors answer \`{msg}\` with the catalogue's text.`,
    },
    servers: [{ url: '/' }],
    tags: apiTags,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookieName,
          description: 'The session, set HttpOnly by sign-up, login and identity-provider sign-in',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API token (bw_pat_…, POST /api/v1/tokens), instead of the cookie and with no XSRF ' +
            'header; each operation names the scope it needs. Routes about the session answer 403 to one.',
        },
        xsrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: csrfHeaderName.toUpperCase(),
          description: `Double submit: the value of the \`${csrfCookieName}\` cookie, on every call but GET`,
        },
      },
    },
  },
  transform: (input) => {
    const { schema, url } = zodTransform(input) as { schema: JsonObject; url: string };
    if (!schema || schema.hide) return { schema, url };
    const method = String(input.route.method);
    const rateLimited = Boolean((input.route.config as JsonObject | undefined)?.rateLimit);
    const policy = tokenPolicy(method, input.route.url.replace(/^\/api\/v1(?=\/)/, ''));
    const tokenScope = policy === 'public' || policy === 'session' ? undefined : policy;
    return { schema: completeOperation(schema, method, rateLimited, tokenScope), url };
  },
  transformObject: (input) => {
    const document = zodTransformObject(input) as JsonObject & { components?: { schemas?: JsonObject } };
    const schemas = { ...document.components?.schemas, Error: errorComponent };
    const complete = {
      ...document,
      components: { ...document.components, schemas: referencedOnly(document, schemas) },
    };
    return complete as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
  },
};
