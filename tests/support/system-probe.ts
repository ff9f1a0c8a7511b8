import { sql, type Kysely } from 'kysely';
import {
  createBlobStore,
  openServiceDatabase,
  silentLogger,
  type BlobStore,
  type ServiceDatabase,
} from '@bookwright/kit';
import type { TestSystem } from './test-system';

/**
 * Looks into a running test system from the outside, as an auditor would: every service's tables (by
 * their qualified names) and the blob store, through the same adapters the system uses (the shared
 * PGlite of the data dir in embedded mode, PostgreSQL and the NATS Object Store otherwise).
 */
export class SystemProbe {
  private constructor(
    private readonly system: TestSystem,
    private readonly database: ServiceDatabase<unknown>,
    readonly blobs: BlobStore,
  ) {}

  static async open(system: TestSystem): Promise<SystemProbe> {
    const databaseUrl = process.env.DATABASE_URL || undefined;
    const database = await openServiceDatabase<unknown>({
      service: 'probe',
      schema: `${system.schemaPrefix}probe`,
      ...(databaseUrl ? { databaseUrl } : { dataDir: system.dataDir }),
      migrations: [],
      logger: silentLogger(),
    });
    const blobs = await createBlobStore({
      natsUrl: process.env.NATS_URL || undefined,
      namespace: system.namespace,
      dataDir: system.dataDir,
      logger: silentLogger(),
    });
    return new SystemProbe(system, database, blobs);
  }

  /** Rows of `service`.`table` whose `column` (text, or a jsonb path like `payload->>'userId'`) is one of `values`. */
  async count(service: string, table: string, column: string, values: string[]): Promise<number> {
    if (values.length === 0) return 0;
    const db = this.database.db as Kysely<unknown>;
    const qualified = sql.table(`${this.system.schemaPrefix}${service}.${table}`);
    const result = await sql<{ n: string }>`select count(*)::text as n from ${qualified} where ${sql.raw(
      column,
    )} in (${sql.join(values)})`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  }

  async close(): Promise<void> {
    await this.blobs.close();
    await this.database.close();
  }
}
