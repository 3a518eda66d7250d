import { useMutation } from '@tanstack/react-query';
import type { Profile, UpdateDetailsRequest } from '@th/contracts';
import { accountEndpoints } from '@th/contracts/profile';
import { api } from '@/lib/api-client';

export type DetailsForm = {
  first_name: string;
  last_name: string;
  birthday: string;
  phone: string;
  timezone: string;
};

export const updateDetails = (payload: UpdateDetailsRequest) =>
  api.call(accountEndpoints.updateDetails, { body: payload });

export const useUpdateDetails = (onSaved: (profile: Profile) => void) =>
  useMutation({ mutationFn: updateDetails, onSuccess: (body) => onSaved(body.data) });
