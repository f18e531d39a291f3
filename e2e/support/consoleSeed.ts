// A game in full swing, as the console shows it: challenges and flags (written by the server's
// builders), then through the API what players and an organiser do — two teams register (one is
// accepted), the accepted one uploads a writeup and, when a Docker engine answers, starts a
// container; the organiser publishes a notice and a post and adds a webhook. Every request leaves log entries.
import { createChallenge, createGame } from '../../server/test/support/competition.js';
import {
  registerTeamInGame,
  registerThroughApi,
  signInThroughApi,
  type ApiSession,
} from './api.js';
import { ECHO_PORT, echoImageIfDocker } from './docker.js';
import { settledNetwork } from './settledNetwork.js';
import { ADMIN_PASSWORD, type RunningServer } from './server.js';

export interface ConsoleSeed {
  gameId: number;
  gameTitle: string;
  /** A static challenge with two flags. */
  staticChallenge: { id: number; title: string; flags: string[] };
  /** A disabled dynamic-container challenge with a flag template. */
  templateChallenge: { id: number; flagTemplate: string };
  acceptedTeam: string;
  pendingTeam: string;
  notice: string;
  postTitle: string;
  /** A webhook endpoint of the game that nothing has been sent to yet. */
  webhook: { id: number; name: string };
  /** Whether a team container runs (the instances list then shows it). */
  containerRunning: boolean;
  /** Signs the sessions out and stops the container, if any. */
  cleanUp(): Promise<void>;
}

/** The smallest file the writeup upload takes (a PDF header, sent as a `.pdf` of type application/pdf). */
const writeupPdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** Resolves once the team's instance of the challenge runs (its entry is set). */
async function runningInstance(player: ApiSession, gameId: number, challengeId: number) {
  for (;;) {
    const response = await player.get(`/api/game/${gameId}/challenges/${challengeId}`);
    const detail = (await response.json()) as { context?: { instanceEntry?: string | null } };
    if (detail.context?.instanceEntry) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function registerPlayer(url: string, userName: string): Promise<ApiSession> {
  return registerThroughApi(url, {
    userName,
    password: 'Player-Pass1',
    email: `${userName}@example.com`,
  });
}

export async function seedGameInFullSwing(server: RunningServer): Promise<ConsoleSeed> {
  const { app, url } = server;
  const gameTitle = 'Winter Cup';
  const game = await createGame(app, {
    title: gameTitle,
    summary: 'Two days of web, crypto and pwn.',
    acceptWithoutReview: false,
    writeupRequired: true,
    writeupNote: 'One PDF per team.',
  });
  const web = await createChallenge(app, game.id, {
    title: 'Cookie Jar',
    category: 'Web',
    originalScore: 500,
    flags: ['flag{cookie_monster}', 'flag{jar_of_cookies}'],
  });
  await createChallenge(app, game.id, { title: 'Small RSA', category: 'Crypto' });
  const template = await createChallenge(app, game.id, {
    title: 'Per-team Pwn',
    category: 'Pwn',
    type: 'DynamicContainer',
    flagTemplate: 'flag{[TEAM_HASH]_overflow}',
    isEnabled: false,
  });
  const image = await echoImageIfDocker();
  const echo = image
    ? await createChallenge(app, game.id, {
        title: 'Echo Service',
        category: 'Misc',
        type: 'DynamicContainer',
        flagTemplate: 'flag{echo_[TEAM_HASH]}',
        containerImage: image,
        containerExposePort: ECHO_PORT,
      })
    : null;

  const organiser = await signInThroughApi(url, 'admin', ADMIN_PASSWORD);
  const captain = await registerPlayer(url, 'ada');
  const newcomer = await registerPlayer(url, 'linus');
  await registerTeamInGame(captain, game.id, { name: 'Byte Bandits', bio: 'We bite.' });
  await registerTeamInGame(newcomer, game.id, { name: 'Null Pointers' });
  const registrations = await (await organiser.get(`/api/game/${game.id}/participations`)).json();
  const bandits = registrations.find(
    (r: { team: { name: string } }) => r.team.name === 'Byte Bandits',
  );
  await organiser.call('PUT', `/api/admin/participation/${bandits.id}`, {
    data: { status: 'Accepted' },
  });

  await captain.call('POST', `/api/game/${game.id}/writeup`, {
    multipart: {
      file: { name: 'bandits.pdf', mimeType: 'application/pdf', buffer: writeupPdf },
    },
  });
  const notice = 'The Crypto challenges reopen at 14:00.';
  await organiser.call('POST', `/api/edit/games/${game.id}/notices`, {
    data: { content: notice },
  });
  const postTitle = 'Winter Cup registration is open';
  await organiser.call('POST', '/api/edit/posts', {
    data: {
      title: postTitle,
      summary: 'Teams of up to four, two days, prizes.',
      content: '## Rules\n\nBe kind. No attacks on the platform.',
      tags: ['news'],
      isPinned: true,
    },
  });
  const webhook = await organiser.call<{ id: number; name: string }>(
    'POST',
    '/api/admin/webhooks',
    {
      data: {
        name: 'Winter Cup chat',
        url: 'https://chat.example.org/hooks/winter-cup',
        format: 'Discord',
        gameId: game.id,
        events: ['FirstBlood', 'GameEnd'],
      },
    },
  );
  if (echo) {
    const started = await captain.call<{ status: string }>(
      'POST',
      `/api/game/${game.id}/container/${echo.id}`,
    );
    // On a busy machine the start may wait in the queue: the pages must not load while it runs.
    if (started.status !== 'Running') await runningInstance(captain, game.id, echo.id);
    await settledNetwork();
  }

  return {
    gameId: game.id,
    gameTitle,
    staticChallenge: { id: web.id, title: web.title, flags: web.flags },
    templateChallenge: { id: template.id, flagTemplate: 'flag{[TEAM_HASH]_overflow}' },
    acceptedTeam: 'Byte Bandits',
    pendingTeam: 'Null Pointers',
    notice,
    postTitle,
    webhook: { id: webhook.id, name: webhook.name },
    containerRunning: echo !== null,
    async cleanUp() {
      if (echo) {
        await captain.send('DELETE', `/api/game/${game.id}/container/${echo.id}`);
        await settledNetwork();
      }
      await Promise.all([organiser, captain, newcomer].map((session) => session.dispose()));
    },
  };
}
