/** The members module's public file: other modules import it only from here (lint enforces it). */
export { barSignIn, deleteMemberRecord, memberIdentity, passwordMatches, signOutEverywhere } from './closure.ts';
