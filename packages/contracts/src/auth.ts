import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { DEFAULT_DEVICE_NAME } from './client.ts';
import { Email, MessageBody } from './common.ts';

export const LoginRequest = z.object({
  username: z
    .string({ error: 'Please enter both username and password.' })
    .trim()
    .min(1, 'Please enter both username and password.')
    .max(191),
  password: z
    .string({ error: 'Please enter both username and password.' })
    .min(1, 'Please enter both username and password.')
    .max(1024),
  device_name: z.string().trim().max(191).default(DEFAULT_DEVICE_NAME),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const LoginResponse = z.object({
  token: z.string(),
  token_type: z.literal('Bearer'),
  /** Expiry as seconds since the epoch, what the browser stores as th_auth.exp. */
  exp: z.number().int(),
  expires_at: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const PasswordRemindRequest = z.object({ email: Email });

export const PasswordInviteRequest = z.object({ email: Email });

/** Minimum rules for a new password; the spec leaves length rules to us. */
export const NewPassword = z
  .string({ error: 'Please complete all fields.' })
  .min(8, 'Passwords must be at least 8 characters.')
  .max(200, 'Passwords are limited to 200 characters.');

export const PasswordResetRequest = z
  .object({
    token: z
      .string({ error: 'Reset token is missing or invalid.' })
      .trim()
      .min(1, 'Reset token is missing or invalid.')
      .max(512)
      .regex(/^\S+$/, 'Invite token appears malformed. Please paste your full invite link again.'),
    email: Email,
    password: NewPassword,
    password_confirmation: z.string({ error: 'Please complete all fields.' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords do not match.',
    path: ['password_confirmation'],
  });
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

/** Signing in and out, and the password mails (spec §7). */
export const authEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    tags: ['auth'],
    body: LoginRequest,
    response: { 200: LoginResponse },
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/logout',
    tags: ['auth'],
    response: { 200: MessageBody },
  }),
  requestPasswordReminder: endpoint({
    method: 'POST',
    path: '/api/password/remind',
    tags: ['auth'],
    body: PasswordRemindRequest,
    response: { 200: MessageBody },
  }),
  requestInvite: endpoint({
    method: 'POST',
    path: '/api/password/invite',
    tags: ['auth'],
    body: PasswordInviteRequest,
    response: { 200: MessageBody },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/password/reset',
    tags: ['auth'],
    body: PasswordResetRequest,
    response: { 200: MessageBody },
  }),
};
