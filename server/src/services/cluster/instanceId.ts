/**
 * A name for this running instance among the others of the deployment: the machine, the process
 * and a random part (two apps in one process, as in tests, are two instances). Stored in what an
 * instance claims (submissions it checks, cluster locks it holds), so an operator reading a claim
 * sees which machine holds it.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

export function newInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}
