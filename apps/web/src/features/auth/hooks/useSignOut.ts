import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { signedOut } from '../authSlice';

/** Ends the session in this tab and returns to /login. */
export function useSignOut(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch(signedOut());
    navigate('/login', { replace: true });
  }, [dispatch, navigate]);
}
