/**
 * Named aliases of generated schema types. Never hand-write an API type: alias it here.
 */
import type { components } from './schema.gen';

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

// info
export type CaptchaInfo = Schemas['ClientCaptchaInfoModel'];
export type CaptchaProvider = Schemas['CaptchaProvider'];
export type HashPowChallenge = Schemas['HashPowChallenge'];

// admin
export type UserInfo = Schemas['UserInfoModel'];
export type UserList = Schemas['ArrayResponseOfUserInfoModel'];
export type AdminUserUpdate = Schemas['AdminUserInfoModel'];
export type UserCreate = Schemas['UserCreateModel'];

// edit: games
export type Game = Schemas['GameInfoModel'];
export type GameList = Schemas['ArrayResponseOfGameInfoModel'];
export type GameEdit = Schemas['GameInfoEditModel'];

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
export type LocalFile = Schemas['LocalFile'];
