/**
 * A Kysely dialect whose every query reports to the database's health: an error is marked as the
 * database's (faults.ts) and reported, a success is reported with when the query started and
 * whether it wrote. Getting a connection counts too: that is where an unreachable PostgreSQL
 * fails. One `.then` per query, nothing more on the hot path.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { markDatabaseError } from '../faults.js';
import type { DatabaseHealth } from '../health.js';

const WRITE = /^\s*(insert|update|delete|commit|merge)\b/i;
const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

type Compile = QueryCompiler['compileQuery'];

const wrote = (query: CompiledQuery) => WRITE_KINDS.has(query.query.kind) || WRITE.test(query.sql);

export function observed(dialect: Dialect, health: DatabaseHealth): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new ObservedDriver(dialect.createDriver(), health),
  };
}

class ObservedDriver implements Driver {
  /** Connections whose `executeQuery` reports already (a pool hands the same ones out again). */
  private readonly observedConnections = new WeakSet<DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly health: DatabaseHealth,
  ) {}

  init(): Promise<void> {
    return this.inner.init().catch(this.fail);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection().catch(this.fail);
    if (!this.observedConnections.has(connection)) {
      this.observe(connection);
      this.observedConnections.add(connection);
    }
    return connection;
  }

  // Transactions run through the connection's `executeQuery` (begin, commit, rollback).
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    return this.innerSavepoints().savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    return this.innerSavepoints().rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    return this.innerSavepoints().releaseSavepoint!(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private innerSavepoints(): Driver {
    if (!this.inner.savepoint) throw new Error('The database driver has no savepoints');
    return this.inner;
  }

  private readonly fail = (error: unknown): never => {
    this.health.failed(markDatabaseError(error));
    throw error;
  };

  /** Wraps the connection's own `executeQuery` (as Kysely does for its query log). */
  private observe(connection: DatabaseConnection): void {
    const execute = connection.executeQuery.bind(connection);
    const { health } = this;
    connection.executeQuery = <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const startedAt = performance.now();
      return execute<R>(query).then((result) => {
        if (health.current) health.succeeded(startedAt, wrote(query));
        return result;
      }, this.fail);
    };
  }
}
