// A whole game through the HTTP API (issue 4): an organiser sets up a game with a static, a dynamic
// (per-team generated flag) and a dynamic-attachment (flag pool) challenge; four teams of real
// accounts register — auto-accepted, reviewed, rejected then re-joined, left pending; teams solve,
// miss and cheat; bloods are announced in order; the game ends and a practice solve changes
// nothing; the board and both sheets are checked to the point against independently computed
// scores. The acts share one game and run in order: one file each in this folder, called in order
// here; what they build up for each other is in story.ts.
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { organiserSetsUp } from './setUp.js';
import { teamsRegister } from './registration.js';
import { teamsGetTheirFlags } from './teamFlags.js';
import { teamsSubmit } from './submissions.js';
import { monitorsWatch } from './monitoring.js';
import { boardIsScored } from './board.js';
import { practiceAfterTheEnd } from './practice.js';
import { sheetsAreExported } from './sheets.js';
import { startStory } from './story.js';

describeEachDatabase('a whole game from set-up to the final sheets', (getDb) => {
  const story = startStory(useTestApp(getDb));
  organiserSetsUp(story);
  teamsRegister(story);
  teamsGetTheirFlags(story);
  teamsSubmit(story);
  monitorsWatch(story);
  boardIsScored(story);
  practiceAfterTheEnd(story);
  sheetsAreExported(story);
});
