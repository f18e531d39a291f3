/**
 * Named aliases of generated schema types. Never hand-write an API type: alias it here.
 */
import type { components, operations } from '#wire/schema.gen.js';

export type Schemas = components['schemas'];

export type ClientConfig = Schemas['ClientConfig'];

// account
export type Role = Schemas['Role'];
export type Profile = Schemas['ProfileUserInfoModel'];
export type LoginRequest = Schemas['LoginModel'];
export type RegisterRequest = Schemas['RegisterModel'];
export type RegisterStatus = Schemas['RegisterStatus'];
export type RegisterResult = Schemas['RequestResponseOfRegisterStatus'];
export type RecoveryRequest = Schemas['RecoveryModel'];
export type PasswordResetRequest = Schemas['PasswordResetModel'];
export type AccountVerifyRequest = Schemas['AccountVerifyModel'];
export type ProfileUpdate = Schemas['ProfileUpdateModel'];
export type PasswordChange = Schemas['PasswordChangeModel'];
export type MailChange = Schemas['MailChangeModel'];
export type RequestResponse = Schemas['RequestResponse'];

// two-step sign-in (issue 26)
export type SecondStepMethod = Schemas['SecondStepMethod'];
export type SecondStepRequired = Schemas['SecondStepRequired'];
export type SecondStepChallenge = Schemas['SecondStepChallenge'];
export type SecondStepRequest = Schemas['SecondStepModel'];
export type TotpEnrolment = Schemas['TotpEnrolment'];
export type RecoveryCodes = Schemas['RecoveryCodes'];
export type TwoStepStatus = Schemas['TwoStepStatus'];
export type TotpDisableRequest = Schemas['TotpDisableModel'];
// passkeys (issue 26)
export type Passkey = Schemas['PasskeyModel'];
export type PasskeyRegistrationCredential = Schemas['PasskeyRegistrationCredential'];
export type PasskeyAssertion = Schemas['PasskeyAssertionModel'];

// info
export type Post = Schemas['PostInfoModel'];
export type PostDetail = Schemas['PostDetailModel'];
export type CaptchaInfo = Schemas['ClientCaptchaInfoModel'];
export type CaptchaProvider = Schemas['CaptchaProvider'];
export type HashPowChallenge = Schemas['HashPowChallenge'];

// admin
export type UserInfo = Schemas['UserInfoModel'];
export type UserList = Schemas['ArrayResponseOfUserInfoModel'];
export type AdminUserUpdate = Schemas['AdminUserInfoModel'];
export type UserCreate = Schemas['UserCreateModel'];
export type Settings = Schemas['ConfigEditModel'];
export type AccountPolicy = Schemas['AccountPolicy'];
export type GlobalConfig = Schemas['GlobalConfig'];
export type ContainerPolicy = Schemas['ContainerPolicy'];
export type PortMapping = Schemas['ContainerPortMappingType'];
export type AdminTeamUpdate = Schemas['AdminTeamModel'];

// team
export type TeamInfo = Schemas['TeamInfoModel'];
export type TeamMember = Schemas['TeamUserInfoModel'];
export type TeamUpdate = Schemas['TeamUpdateModel'];

// edit: games
export type Game = Schemas['GameInfoModel'];
export type GameList = Schemas['ArrayResponseOfGameInfoModel'];
export type GameEdit = Schemas['GameInfoEditModel'];
export type CtfdImportResult = Schemas['CtfdImportResult'];
export type CtfdImportReport = Schemas['CtfdImportReport'];
export type CtfdImportNote = Schemas['CtfdImportNote'];

// edit: posts
export type PostEdit = Schemas['PostEditModel'];

// edit: challenges, flags, attachments
export type ChallengeCategory = Schemas['ChallengeCategory'];
export type ChallengeType = Schemas['ChallengeType'];
export type FileType = Schemas['FileType'];
export type ChallengeInfo = Schemas['ChallengeInfoModel'];
export type ChallengeDetail = Schemas['ChallengeEditDetailModel'];
export type ChallengeCreate = Schemas['ChallengeCreateModel'];
export type ChallengeUpdate = Schemas['ChallengeUpdateModel'];
export type Attachment = Schemas['Attachment'];
export type AttachmentCreate = Schemas['AttachmentCreateModel'];
export type FlagInfo = Schemas['FlagInfoModel'];
export type FlagCreate = Schemas['FlagCreateModel'];
export type FlagMatchMode = Schemas['FlagMatchMode'];
export type FlagTry = Schemas['FlagTryModel'];
export type FlagTryResult = Schemas['FlagTryResult'];
export type LocalFile = Schemas['LocalFile'];

// edit: notices
export type NoticeType = Schemas['NoticeType'];
export type GameNotice = Schemas['GameNotice'];
export type GameNoticeText = Schemas['GameNoticeModel'];

// awards (issue 25)
export type Award = Schemas['AwardModel'];
export type AwardCreate = Schemas['AwardCreateModel'];
export type AwardUpdate = Schemas['AwardUpdateModel'];
export type ScoreboardAward = Schemas['ScoreboardAward'];
export type ScoreboardHintPrice = Schemas['ScoreboardHintPrice'];

// admin: writeups
export type WriteupInfo = Schemas['WriteupInfoModel'];

// game: participation review
export type ParticipationStatus = Schemas['ParticipationStatus'];
export type Participation = Schemas['ParticipationInfoModel'];
export type ParticipationEdit = Schemas['ParticipationEditModel'];
export type TeamWithMembers = Schemas['TeamWithDetailedUserInfo'];

// game: public pages (list, detail, joining)
export type PublicGame = Schemas['BasicGameInfoModel'];
export type PublicGameList = Schemas['ArrayResponseOfBasicGameInfoModel'];
export type PublicGameDetail = Schemas['DetailedGameInfoModel'];
export type GameJoin = Schemas['GameJoinModel'];

// admin: running instances, the log
export type ContainerInstance = Schemas['ContainerInstanceModel'];
export type ContainerInstanceList = Schemas['ArrayResponseOfContainerInstanceModel'];
export type TeamRef = Schemas['TeamModel'];
export type LogMessage = Schemas['LogMessageModel'];
export type LogLevel = Schemas['LogLevel'];
export type TaskStatus = Schemas['TaskStatus'];
/** The `level` query of `GET /api/admin/logs`: a level name or `All`. */
export type LogLevelFilter = NonNullable<
  NonNullable<operations['adminGetLogs']['parameters']['query']>['level']
>;

// admin: webhooks and their delivery log
export type Webhook = Schemas['WebhookModel'];
export type WebhookCreate = Schemas['WebhookCreateModel'];
export type WebhookUpdate = Schemas['WebhookUpdateModel'];
export type WebhookEvent = Schemas['WebhookEvent'];
export type WebhookFormat = Schemas['WebhookFormat'];
export type WebhookDelivery = Schemas['WebhookDeliveryModel'];
export type WebhookDeliveryList = Schemas['ArrayResponseOfWebhookDeliveryModel'];

// game: the team's challenges page (challenge list, challenge, flags, containers)
export type TeamGameView = Schemas['GameDetailModel'];
export type GameChallenge = Schemas['ChallengeInfo'];
/** A challenge shown to the team but locked, with what opens it (issue 25). */
export type ChallengeLock = Schemas['ChallengeLockModel'];
export type ChallengeUnlockUpdate = Schemas['ChallengeUnlockUpdate'];
export type TeamChallenge = Schemas['ChallengeDetailModel'];
export type ChallengePricedHint = Schemas['ChallengePricedHint'];
export type HintPolicy = Schemas['HintPolicy'];
export type PlayMode = Schemas['PlayMode'];
export type PricedHint = Schemas['PricedHintModel'];
export type HintUnlock = Schemas['HintUnlockModel'];
export type FlagContext = Schemas['ClientFlagContext'];
export type FlagSubmit = Schemas['FlagSubmitModel'];
export type AnswerResult = Schemas['AnswerResult'];
export type ContainerInfo = Schemas['ContainerInfoModel'];
/** A team's container start in the server's start queue (a Vexil addition). */
export type ContainerStart = Schemas['ContainerStartModel'];
/** A team's attempts at a challenge with attempt limits (issue 25). */
export type ChallengeAttempts = Schemas['ChallengeAttemptsModel'];

// game: the scoreboard
export type Scoreboard = Schemas['ScoreboardModel'];
/** Pushed on the players' hub after each rebuild of a game's board. */
export type ScoreboardUpdate = Schemas['ScoreboardUpdate'];
export type ScoreboardRow = Schemas['ScoreboardItem'];
/** A game a team played, with its public board row (a Vexil addition). */
export type TeamGameRecord = Schemas['TeamGameModel'];
export type ScoreboardSolve = Schemas['ChallengeItem'];
export type TopTimeLine = Schemas['TopTimeLine'];
export type SubmissionType = Schemas['SubmissionType'];

// game: monitoring (events, submissions, cheat reports, traffic captures)
export type GameEventType = Schemas['EventType'];
export type GameEvent = Schemas['GameEvent'];
export type MonitorSubmission = Schemas['Submission'];
export type CheatInfo = Schemas['CheatInfoModel'];
export type CaptureChallenge = Schemas['ChallengeTrafficModel'];
export type CaptureTeam = Schemas['TeamTrafficModel'];
export type CaptureFile = Schemas['FileRecord'];

// admin: the console home's figures and the admin hub's registration changes
export type AdminOverview = Schemas['AdminOverview'];
export type GameOverview = Schemas['GameOverview'];
export type BloodOverview = Schemas['BloodOverview'];
export type SubmissionMinute = Schemas['SubmissionMinute'];
export type RegistrationChange = Schemas['RegistrationChange'];

// personal API tokens (issue 26)
export type ApiTokenScope = Schemas['ApiTokenScope'];
export type ApiTokenInfo = Schemas['ApiTokenInfoModel'];
export type ApiTokenCreate = Schemas['ApiTokenCreateModel'];
export type ApiTokenCreated = Schemas['ApiTokenCreatedModel'];
export type ApiTokenAdminInfo = Schemas['ApiTokenAdminInfoModel'];
