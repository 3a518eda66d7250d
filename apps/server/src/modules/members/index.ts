/** The members module's public file: other modules import it only from here (lint enforces it). */
export {
  closeSession,
  insertMember,
  openSession,
  replacePasswordLink,
  replaceRoles,
  setPasswordFromLink,
  setPermissions,
  setStanding,
  type Standing,
} from './accounts.ts';
export { barSignIn, deleteMemberRecord, memberIdentity, passwordMatches, signOutEverywhere } from './closure.ts';
