/**
 * Organisers' test containers (behaviour §7.5): one per challenge, started with team id `admin`,
 * the test flag for dynamic challenges, a fixed 2-hour lifetime, never counted in a team limit and
 * never captured. Starting one replaces the previous one.
 */
import type { Challenge } from '../../db/repositories/challenges.js';
import { findTestContainer, type Container } from '../../db/repositories/containers.js';
import {
  isContainerChallenge,
  TEST_CONTAINER_LIFETIME_MS,
  TEST_CONTAINER_TEAM,
} from '../../domain/containers.js';
import { testFlag } from '../../domain/flagTemplate.js';
import { DomainError, Refused, Unavailable } from '../../domain/errors.js';
import { containerFailure } from './errors.js';
import type { ContainerService } from './service.js';

const CREATE_FAILED = 'Failed to create container';

export async function startTestContainer(
  containers: ContainerService,
  challenge: Challenge,
): Promise<Container> {
  if (!isContainerChallenge(challenge.type)) {
    throw new Refused('This challenge cannot create a container');
  }
  if (!challenge.containerImage || !challenge.containerExposePort) {
    throw new Refused('Container Configuration Error');
  }
  try {
    const previous = await findTestContainer(containers.db, challenge.id);
    if (previous) await containers.destroy(previous);
    return await containers.launch({
      challenge,
      gameInstanceId: null,
      team: TEST_CONTAINER_TEAM,
      flag: challenge.type === 'DynamicContainer' ? testFlag(challenge.flagTemplate) : null,
      lifetimeMs: TEST_CONTAINER_LIFETIME_MS,
      capture: false,
    });
  } catch (error) {
    if (!(error instanceof DomainError)) {
      containers.log.warn({ err: error }, `${CREATE_FAILED} for challenge ${challenge.id}`);
    }
    throw containerFailure(error, CREATE_FAILED);
  }
}

/** Destroys the challenge's test container if there is one. A failing engine leaves the row for
 *  the cleanup job (logged); only an engine that does not answer at all is reported (503). */
export async function stopTestContainer(
  containers: ContainerService,
  challengeId: number,
): Promise<void> {
  const existing = await findTestContainer(containers.db, challengeId);
  if (!existing) return;
  try {
    await containers.destroy(existing);
  } catch (error) {
    const answer = containerFailure(error, 'Failed to destroy container');
    if (answer instanceof Unavailable) throw answer;
    containers.log.warn({ err: error }, `Could not destroy test container ${existing.id}`);
  }
}
