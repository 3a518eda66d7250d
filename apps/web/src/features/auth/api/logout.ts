import { useMutation } from '@tanstack/react-query';
import { authEndpoints } from '@th/contracts/auth';
import { api } from '@/lib/api-client';
import { clearAuth } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';

/** Spec §7: a failed logout is only logged; the local session ends regardless. */
export async function logout() {
  try {
    await api.call(authEndpoints.logout);
  } catch (error) {
    console.warn('Logout request failed', error);
  }
  clearAuth();
  queryClient.clear();
}

export const useLogout = () => useMutation({ mutationFn: logout });
