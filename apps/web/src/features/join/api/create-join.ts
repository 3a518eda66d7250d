import { useMutation } from '@tanstack/react-query';
import type { JoinRequest, JoinResponse } from '@th/contracts';
import { api } from '@/lib/api-client';

/** POST /api/join: creates the member; the answer says where the browser goes next. */
export const createJoin = (input: JoinRequest) => api.post<JoinResponse>('/api/join', input);

export const useCreateJoin = () => useMutation({ mutationFn: createJoin });
