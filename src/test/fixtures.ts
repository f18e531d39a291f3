/**
 * Fake API states shared by page tests: a fresh fake server with the site configuration, no
 * captcha, and either a visitor or a signed-in user.
 */
import type { Profile } from '@/api/types';
import { fakeApi, problem } from './apiMock';
import { buildConfig, buildProfile } from './builders';

export function startSignedOut() {
  fakeApi.reset();
  fakeApi.on('GET', '/api/config', 200, buildConfig());
  fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
  fakeApi.on('GET', '/api/captcha', 200, { type: 'None', siteKey: '' });
}

export function startSignedIn(profile: Profile = buildProfile()) {
  startSignedOut();
  fakeApi.on('GET', '/api/account/profile', 200, profile);
}
