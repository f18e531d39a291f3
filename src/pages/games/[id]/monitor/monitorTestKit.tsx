/**
 * For the monitor pages' tests: a fake server with a signed-in user of a role and a running game,
 * and the monitor routes rendered as the app nests them (layout, then page).
 */
import { Route, Routes } from 'react-router-dom';
import type { PublicGameDetail, Role } from '@/api/types';
import { fakeApi } from '@/test/apiMock';
import { buildGameDetail, buildProfile } from '@/test/builders';
import { fakeHubs } from '@/test/fakeHub';
import { startSignedIn } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import CheatInfoPage from '@/pages/games/[id]/monitor/cheatinfo/CheatInfoPage';
import HintUnlocksPage from '@/pages/games/[id]/monitor/hints/HintUnlocksPage';
import EventsPage from '@/pages/games/[id]/monitor/events/EventsPage';
import MonitorLayout from './MonitorLayout';
import SubmissionsPage from '@/pages/games/[id]/monitor/submissions/SubmissionsPage';
import TrafficPage from '@/pages/games/[id]/monitor/traffic/TrafficPage';

export const GAME_ID = 3;
export const HUB_URL = `/hub/monitor?game=${GAME_ID}`;

export function startMonitoring({
  role = 'Monitor',
  game = {},
}: { role?: Role; game?: Partial<PublicGameDetail> } = {}) {
  fakeHubs.reset();
  startSignedIn(buildProfile({ role }));
  const detail = buildGameDetail({ id: GAME_ID, title: 'Spring CTF', ...game });
  fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, detail);
  return detail;
}

export function renderMonitor(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/games/:id/monitor" element={<MonitorLayout />}>
        <Route path="events" element={<EventsPage />} />
        <Route path="submissions" element={<SubmissionsPage />} />
        <Route path="cheatinfo" element={<CheatInfoPage />} />
        <Route path="traffic" element={<TrafficPage />} />
        <Route path="hints" element={<HintUnlocksPage />} />
      </Route>
      <Route path="*" element={null} />
    </Routes>,
    { route: path },
  );
}

/** The live channel the page opened, once it is there. */
export function monitorHub() {
  const hub = fakeHubs.last(HUB_URL);
  if (!hub) throw new Error(`no connection to ${HUB_URL}`);
  return hub;
}
