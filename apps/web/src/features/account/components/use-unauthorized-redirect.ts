import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { clearAuth } from '@/lib/auth-storage';

/**
 * Spec §8: a 401 on the edit forms sends the member to sign in. The stored token is dropped
 * first, otherwise the sign-in page would bounce a "signed-in" visitor to the dashboard.
 */
export function useUnauthorizedRedirect() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) return false;
      clearAuth();
      void navigate(paths.login, { replace: true });
      return true;
    },
    [navigate],
  );
}
