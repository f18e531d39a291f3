// Operations that still answer 501. Each issue that implements some removes them here; the list
// must be empty when the platform is complete (server/test/notImplemented.test.ts checks it).
export const notImplemented: readonly string[] = [
  'adminDestroyInstance',
  'adminGetInstances',
  'editCreateTestContainer',
  'editDestroyTestContainer',
  'gameCreateContainer',
  'gameDeleteAllTeamTraffic',
  'gameDeleteContainer',
  'gameDeleteTeamTraffic',
  'gameDownloadAllTeamTraffic',
  'gameDownloadTeamTraffic',
  'gameExtendContainerLifetime',
  'gameGetCaptureChallenges',
  'gameGetChallengeTraffic',
  'gameGetTeamTrafficFiles',
  'proxyConnect',
  'proxyConnectNoInstance',
];
