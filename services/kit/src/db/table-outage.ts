import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * PostgreSQL going away, as a service sees it, for tests (`db.withPlugin(outage)`): while `down`, every
 * statement on `table` fails with the error node-postgres gives when the server refuses connections.
 * Other tables (the outbox) keep working, so that the relay's own back-off does not slow the test.
 * `lockedReads` counts the refused `select … for update` on the table: one per attempt of an event
 * handler to change a row; `refused` counts every refused statement.
 */
export class TableOutage implements KyselyPlugin {
  down = false;
  lockedReads = 0;
  refused = 0;

  constructor(readonly table: string) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!this.down || !touchesTable(node, this.table)) return node;
    this.refused += 1;
    if (node.kind === 'SelectQueryNode' && node.endModifiers?.some((m) => m.modifier === 'ForUpdate'))
      this.lockedReads += 1;
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

function touchesTable(node: OperationNode, table: string): boolean {
  const pending: unknown[] = [node];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    const candidate = next as { kind?: unknown; table?: { identifier?: { name?: unknown } } };
    if (candidate.kind === 'TableNode' && candidate.table?.identifier?.name === table) return true;
    pending.push(...Object.values(next));
  }
  return false;
}
