import { z } from 'zod';
import { entryEndpoints } from './client-endpoints.ts';
import { endpoint, withSchemas, type EndpointSchemas } from './endpoint.ts';
import { LinkedAccount } from './trading-accounts.ts';

export const Permission = {
  alphaorbManage: 'alphaorb.manage',
} as const;

export const Role = z.object({
  name: z.string(),
  label: z.string(),
  permissions: z.array(z.string()),
});
export type Role = z.infer<typeof Role>;

export const MemberStatus = z.enum(['active', 'suspended']);
export type MemberStatus = z.infer<typeof MemberStatus>;

export const ProfileSubscription = z.object({
  /** Plan name; the spec allows simple HTML here, the server only ever sends text. */
  plan: z.string().nullable(),
  renewal_date: z.string().nullable(),
  vendor: z.string(),
  access: z.string(),
  status: z.string().nullable(),
  /** With status, what membership health needs (platform §4): a pending cancel. */
  cancel_at_period_end: z.boolean(),
  cancel_at: z.string().nullable(),
});
export type ProfileSubscription = z.infer<typeof ProfileSubscription>;

export const Profile = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  avatar: z.string().nullable(),
  timezone: z.string().nullable(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  status: MemberStatus,
  permissions: z.array(z.string()),
  roles: z.array(Role),
  subscription: ProfileSubscription.nullable(),
  linked_accounts: z.array(LinkedAccount),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileResponse = z.object({ data: Profile });

/** GET /api/me: every guard reads it, so its method and path are declared zod-free. */
export const getProfileSchemas = {
  tags: ['account'],
  response: { 200: ProfileResponse },
} satisfies EndpointSchemas;
export const profileEndpoints = {
  getProfile: withSchemas(entryEndpoints.getProfile, getProfileSchemas),
};

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is limited to ${max} characters.`).optional();

/** Profile form: every field optional; the browser leaves empty ones out. */
export const UpdateDetailsRequest = z.object({
  first_name: optionalText(100, 'First name'),
  last_name: optionalText(100, 'Last name'),
  phone: z
    .string()
    .trim()
    .max(32, 'Phone numbers are limited to 32 characters.')
    .regex(/^[+\d][\d\s().-]*$/, 'Enter a phone number using digits, spaces and + ( ) - only.')
    .optional(),
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter your birthday as a date.', abort: true })
    // A real calendar date between 1900 and today (a birthday cannot be in the future).
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        v >= '1900-01-01' &&
        v <= new Date().toISOString().slice(0, 10),
      'Enter a valid birthday.',
    )
    .optional(),
  timezone: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'Choose a valid time zone.')
    .optional(),
});
export type UpdateDetailsRequest = z.infer<typeof UpdateDetailsRequest>;

export const UpdateAuthRequest = z
  .object({
    /** Proves the change comes from the member, not only from a token taken from a device. */
    current_password: z
      .string({ error: 'Enter your current password.' })
      .min(1, 'Enter your current password.')
      .max(200),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .email('Please enter a valid email address.')
      .max(191)
      .optional(),
    /** The SPA sends the new e-mail as the username too (platform §5); it is the same field. */
    username: z
      .string()
      .trim()
      .toLowerCase()
      .email('Please enter a valid email address.')
      .max(191)
      .optional(),
    password: z.string().min(8, 'Passwords must be at least 8 characters.').max(200).optional(),
    password_confirmation: z.string().max(200).optional(),
  })
  .refine((v) => v.password === undefined || v.password === v.password_confirmation, {
    message: 'Passwords do not match.',
    path: ['password_confirmation'],
  })
  .refine((v) => v.password !== undefined || v.password_confirmation === undefined, {
    message: 'Enter a new password before confirming it.',
    path: ['password'],
  })
  .refine((v) => v.email === undefined || v.username === undefined || v.email === v.username, {
    message: 'Send the same address as email and username.',
    path: ['username'],
  })
  .refine((v) => v.email !== undefined || v.username !== undefined || v.password !== undefined, {
    message: 'Enter at least one field to update.',
    path: ['email'],
  });
export type UpdateAuthRequest = z.infer<typeof UpdateAuthRequest>;

export const ProfileUpdateResponse = z.object({ message: z.string(), data: Profile });

/** The member's own details and sign-in credentials (the account area). */
export const accountEndpoints = {
  updateDetails: endpoint({
    method: 'PATCH',
    path: '/api/me/details',
    tags: ['account'],
    body: UpdateDetailsRequest,
    response: { 200: ProfileUpdateResponse },
  }),
  updateCredentials: endpoint({
    method: 'PATCH',
    path: '/api/me/details/auth',
    tags: ['account'],
    body: UpdateAuthRequest,
    response: { 200: ProfileUpdateResponse },
  }),
};
