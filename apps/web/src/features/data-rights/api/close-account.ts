import { useMutation } from '@tanstack/react-query';
import type { CloseAccountRequest } from '@th/contracts';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';

export const closeAccount = (body: CloseAccountRequest) => api.call(dataRightsEndpoints.closeAccount, { body });

export const useCloseAccount = () => useMutation({ mutationFn: closeAccount });
