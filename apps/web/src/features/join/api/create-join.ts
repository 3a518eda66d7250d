import { useMutation } from '@tanstack/react-query';
import type { JoinRequest } from '@th/contracts';
import { joinEndpoints } from '@th/contracts/join';
import { api } from '@/lib/api-client';

/** POST /api/join: creates the member; the answer says where the browser goes next. */
export const createJoin = (input: JoinRequest) =>
  api.call(joinEndpoints.createJoin, { body: input });

export const useCreateJoin = () => useMutation({ mutationFn: createJoin });
