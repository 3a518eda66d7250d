import { useMutation } from '@tanstack/react-query';
import type { Profile } from '@th/contracts';
import { accountEndpoints } from '@th/contracts/profile';
import { api, type ApiBody } from '@/lib/api-client';

type CredentialsPayload = ApiBody<typeof accountEndpoints.updateCredentials>;

export const updateCredentials = (payload: CredentialsPayload) =>
  api.call(accountEndpoints.updateCredentials, { body: payload });

export const useUpdateCredentials = (onSaved: (profile: Profile) => void) =>
  useMutation({ mutationFn: updateCredentials, onSuccess: (body) => onSaved(body.data) });
