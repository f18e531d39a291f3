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
